import { AGENDA_ROW_ESTIMATE } from '@mealplan/core';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useCurrentUser } from '../account';
import { useDocument } from '../data';
import { PersonAddIcon } from '../plan';
import { usePlanModals, useStoredChoice } from '../plan';
import { SkeletonRows } from '../shell';
import { CartIcon } from '../ui';
import { shortName } from '../users';
import { AGENDA_VIEW_KEY } from './agenda-rows';
import { AgendaList, type AgendaListHandle } from './AgendaList';
import { dropFirstPaint } from './first-paint';
import { useOtherUserDocument } from '../data';
import { useWideScreen } from './use-wide';
import { WeekView } from './WeekView';

const FollowModal = lazy(() => import('../social/FollowModal').then((m) => ({ default: m.FollowModal })));
const ShopDaysDialog = lazy(() =>
  import('../groceries/ShopDaysDialog').then((m) => ({ default: m.ShopDaysDialog })),
);

const MINE = 'me';
const VIEWS = ['list', 'week'] as const;
type AgendaView = (typeof VIEWS)[number];
const VIEW_LABELS: Record<AgendaView, string> = { list: 'List', week: 'Week' };

/**
 * The agenda panel (docs/BEHAVIOUR.md §2): 'My Agenda' and a tab per approved followed user (first name, else
 * last name, else a name from the e-mail), a plus button that opens 'Follow someone awesome', and
 * the endless list of the chosen agenda, or on a wide screen its week at a glance ('List' / 'Week',
 * remembered as `agendaView`). Another user's agenda is read-only (docs/BEHAVIOUR.md §6).
 */
export function AgendaPanel() {
  const { user, refresh } = useCurrentUser();
  const baseId = useId();
  const [selected, setSelected] = useState(MINE);
  const [following, setFollowing] = useState(false);
  const [shoppingDays, setShoppingDays] = useState(false);
  const list = useRef<AgendaListHandle>(null);
  const followed = (user?.following ?? []).filter((entry) => entry.isApproved);
  const tabs = [{ key: MINE, label: 'My Agenda' }].concat(
    followed.map((entry) => ({ key: entry.userId, label: shortName(entry) })),
  );
  const current = tabs.some((tab) => tab.key === selected) ? selected : MINE;
  // The week at a glance is for wide screens only; a stored 'week' shows the list when narrow.
  const wide = useWideScreen();
  const [storedView, setStoredView] = useStoredChoice<AgendaView>(AGENDA_VIEW_KEY, VIEWS, 'list');
  const view: AgendaView = wide ? storedView : 'list';
  // The first paint's layer (first-paint.ts) goes with the panel, if the agenda never drew.
  useLayoutEffect(() => dropFirstPaint, []);

  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = tabs.findIndex((tab) => tab.key === current);
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    setSelected(next.key);
    document.getElementById(`${baseId}-${next.key}`)?.focus();
  };

  return (
    <section className="panel agenda-panel" aria-label="Agenda">
      <h2 className="visually-hidden">Agenda</h2>
      <div className="panel-bar">
        <div className="tabs tabs--scroll" role="tablist" aria-label="Agendas">
          {tabs.map((tab) => (
            <button
              key={tab.key}
              id={`${baseId}-${tab.key}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={current === tab.key}
              aria-controls={`${baseId}-panel`}
              tabIndex={current === tab.key ? 0 : -1}
              onClick={() => setSelected(tab.key)}
              onKeyDown={onTabKey}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {wide && (
          <div className="view-switch" role="group" aria-label="Agenda view">
            {VIEWS.map((option) => (
              <button
                key={option}
                type="button"
                className="view-switch-option"
                aria-pressed={view === option}
                onClick={() => setStoredView(option)}
              >
                {VIEW_LABELS[option]}
              </button>
            ))}
          </div>
        )}
        {view === 'list' && (
          <button
            type="button"
            className="today-button"
            title="Scroll to today (T)"
            aria-keyshortcuts="t"
            onClick={() => list.current?.scrollToToday()}
          >
            Today
          </button>
        )}
        {current === MINE && (
          <button
            type="button"
            className="icon-button shop-days-button"
            aria-label="Shop these days"
            title="Shop these days: put the planned recipes' ingredients on the grocery list"
            onClick={() => setShoppingDays(true)}
          >
            <CartIcon width={22} height={22} />
          </button>
        )}
        <button
          type="button"
          className="icon-button follow-button"
          aria-label="Follow someone"
          title="Follow someone"
          onClick={() => setFollowing(true)}
        >
          <PersonAddIcon width={22} height={22} />
        </button>
      </div>
      <div
        id={`${baseId}-panel`}
        className="panel-body"
        role="tabpanel"
        aria-labelledby={`${baseId}-${current}`}
      >
        {current === MINE ? (
          <MyAgenda handle={list} view={view} />
        ) : (
          <OtherAgenda
            handle={list}
            view={view}
            key={current}
            userId={current}
            label={tabs.find((t) => t.key === current)?.label ?? ''}
          />
        )}
      </div>
      {shoppingDays && (
        <Suspense fallback={null}>
          <ShopDaysDialog open onClose={() => setShoppingDays(false)} />
        </Suspense>
      )}
      {following && (
        <Suspense fallback={null}>
          <FollowModal open onClose={() => setFollowing(false)} onFollowed={() => void refresh()} />
        </Suspense>
      )}
    </section>
  );
}

function MyAgenda({ handle, view }: { handle: Ref<AgendaListHandle>; view: AgendaView }) {
  const agendaNow = useDocument('agenda');
  const recipesNow = useDocument('recipes');
  const notesNow = useDocument('notes');
  // A new copy of the documents (the first one of a large account above all) is drawn in a
  // background render that React splits into short tasks, the rows on screen staying until it is
  // ready (docs/ARCHITECTURE.md "Large accounts").
  const shown = useDeferredValue(
    useMemo(
      () => ({
        agenda: agendaNow.doc,
        loaded: agendaNow.loaded,
        recipes: recipesNow.doc,
        notes: notesNow.doc,
      }),
      [agendaNow, recipesNow, notesNow],
    ),
  );
  const { agenda, loaded, recipes, notes } = shown;
  const modals = usePlanModals();
  const openDay = useCallback((dayId: string) => modals.open({ kind: 'day', dayId }), [modals]);
  const rate = useCallback((recipeId: string) => modals.open({ kind: 'rating', recipeId }), [modals]);
  // The agenda's own rows take the first paint's place in the same commit (first-paint.ts).
  useLayoutEffect(() => {
    if (loaded) dropFirstPaint();
  }, [loaded]);
  // The shell's rows (shell/PageSkeleton.tsx) until the stored copy is read: nothing changes on screen.
  if (!loaded) return <SkeletonRows count={24} height={AGENDA_ROW_ESTIMATE} label="Loading your agenda…" />;
  if (view === 'week')
    return (
      <WeekView
        days={agenda.days}
        recipes={recipes.recipes}
        notes={notes.notes}
        readOnly={false}
        label="My Agenda"
        onOpenDay={openDay}
      />
    );
  return (
    <AgendaList
      handle={handle}
      days={agenda.days}
      recipes={recipes.recipes}
      notes={notes.notes}
      readOnly={false}
      label="My Agenda"
      onOpenDay={openDay}
      onRate={rate}
    />
  );
}

const ignore = () => {};

function OtherAgenda({
  userId,
  label,
  handle,
  view,
}: {
  userId: string;
  label: string;
  handle: Ref<AgendaListHandle>;
  view: AgendaView;
}) {
  const agenda = useOtherUserDocument('agenda', userId);
  const recipes = useOtherUserDocument('recipes', userId);
  const modals = usePlanModals();
  const openDay = useCallback(
    (dayId: string) => modals.open({ kind: 'day', dayId, userId }),
    [modals, userId],
  );
  if (agenda.loading || recipes.loading)
    return <p className="empty panel-message">Loading {label}’s agenda…</p>;
  if (!agenda.doc) return <p className="empty panel-message">{label}’s agenda is not available right now.</p>;
  if (view === 'week')
    return (
      <WeekView
        days={agenda.doc.days}
        recipes={recipes.doc?.recipes ?? {}}
        notes={undefined}
        readOnly
        label={`${label}’s agenda`}
        onOpenDay={openDay}
      />
    );
  return (
    <AgendaList
      handle={handle}
      days={agenda.doc.days}
      recipes={recipes.doc?.recipes ?? {}}
      notes={undefined}
      readOnly
      label={`${label}’s agenda`}
      onOpenDay={openDay}
      onRate={ignore}
    />
  );
}
