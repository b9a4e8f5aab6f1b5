#!/bin/sh
# Mealplan's nightly backup (docs/DEPLOY.md "Backups"), run by deploy/mealplan-backup.service or
# cron as the service's user. Writes BACKUP_DIR/mealplan-YYYY-MM-DD.db (SQLite, with `mealplan
# backup`: consistent while the server runs) or .dump (PostgreSQL when DATABASE_URL is set, with
# pg_dump), then deletes the backups older than KEEP_DAYS. A failed backup exits non-zero and
# deletes nothing.
#
# Environment: DATA_DIR or DATABASE_URL (as the server's), BACKUP_DIR (/var/backups/mealplan),
# KEEP_DAYS (14), MEALPLAN_HOME (/opt/mealplan), ENV_FILE (read first when set: cron has no
# EnvironmentFile); MEALPLAN_CLI replaces the `mealplan` command (the tests run it from source).
set -eu

if [ -n "${ENV_FILE:-}" ]; then
	set -a
	. "$ENV_FILE"
	set +a
fi
BACKUP_DIR=${BACKUP_DIR:-/var/backups/mealplan}
KEEP_DAYS=${KEEP_DAYS:-14}
MEALPLAN_HOME=${MEALPLAN_HOME:-/opt/mealplan}
day=$(date +%F)

if [ -n "${DATABASE_URL:-}" ]; then
	ext=dump
	out="$BACKUP_DIR/mealplan-$day.$ext"
	# Written beside and renamed, so a failed run never leaves a half-written file under the name.
	if ! pg_dump --format=custom --file "$out.partial" "$DATABASE_URL"; then
		rm -f "$out.partial"
		echo "Backup failed: pg_dump could not dump the database (above). Nothing was deleted." >&2
		exit 1
	fi
	mv "$out.partial" "$out"
	echo "Backed up PostgreSQL to $out"
else
	ext=db
	out="$BACKUP_DIR/mealplan-$day.$ext"
	if [ -n "${MEALPLAN_CLI:-}" ]; then
		$MEALPLAN_CLI backup --out "$out"
	else
		node "$MEALPLAN_HOME/apps/server/bin/mealplan.js" backup --out "$out"
	fi
fi

find "$BACKUP_DIR" -maxdepth 1 -name "mealplan-*.$ext" -mtime +"$KEEP_DAYS" -print -delete
