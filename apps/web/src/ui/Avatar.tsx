import { useState } from 'react';
import { avatarUrl } from '../api';
import { fullName } from '../users';

export interface AvatarUser {
  id?: string;
  userId?: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  avatarEtag?: string | null;
}

/** A background per person, picked from the e-mail so it stays the same everywhere. */
const TINTS = ['#2f6b3f', '#8a4b2a', '#355c7d', '#6c4f8a', '#9a3b52', '#4f6d1f', '#b0682a'];
function tint(email: string): string {
  let sum = 0;
  for (const ch of email) sum = (sum * 31 + ch.charCodeAt(0)) >>> 0;
  return TINTS[sum % TINTS.length] ?? TINTS[0]!;
}

/**
 * A round profile picture. Without an uploaded picture (or if it fails to load) it shows the
 * person's initial on a colour of their own, so no request is made for a default image.
 */
export function Avatar({ user, size = 36, label }: { user: AvatarUser; size?: number; label?: string }) {
  // label '' marks the picture decorative: the surrounding link or button names it.
  const [failed, setFailed] = useState<string | null>(null);
  const name = label ?? fullName(user);
  const src = user.avatarEtag ? avatarUrl(user) : null;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (src && failed !== src) {
    return (
      <img
        className="avatar"
        src={src}
        alt={name}
        width={size}
        height={size}
        style={style}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      className="avatar avatar--initial"
      {...(name ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
      style={{ ...style, background: tint(user.email) }}
    >
      {(name || fullName(user)).charAt(0).toUpperCase()}
    </span>
  );
}
