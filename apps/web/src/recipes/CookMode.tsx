import {
  clockText,
  durationLabel,
  findDurations,
  isHeading,
  recipeSteps,
  type Ingredient,
  type Recipe,
} from '@mealplan/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../ui';
import './cook-mode.css';

/** Said where the screen cannot be kept on (no Screen Wake Lock, or the browser refused it). */
export const NO_WAKE_LOCK = 'Your screen may turn off: this browser cannot keep it awake.';
/** A swipe shorter than this (px) is not a step change. */
const SWIPE_PX = 60;

interface Timer {
  id: number;
  label: string;
  step: number;
  endsAt: number;
}

/**
 * Cook mode (docs/BEHAVIOUR.md "Cook mode"): the recipe full screen in large type, one step at a
 * time (buttons, arrow keys, a swipe), the ingredients with boxes to tick, the screen kept awake,
 * and timers started from the durations in a step that keep running, and ring, whatever step is
 * shown. Everything is in the page: it works offline.
 */
export function CookMode({
  recipe,
  lines,
  onClose,
}: {
  recipe: Recipe;
  /** The ingredient lines as the view shows them (scaled to its servings). */
  lines: readonly string[];
  onClose: () => void;
}) {
  const steps = recipeSteps(recipe.instructions);
  const [index, setIndex] = useState(0);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [timers, setTimers] = useState<Timer[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const awake = useWakeLock();
  const swipeStart = useRef<number | undefined>(undefined);
  const timersRef = useRef<Timer[]>([]);
  const rung = useRef(new Set<number>());
  const baseId = useId();

  const last = Math.max(0, steps.length - 1);
  const go = (delta: number) => setIndex((current) => Math.min(last, Math.max(0, current + delta)));

  // One clock for every timer: time left is worked out from when each ends, so a tab the browser
  // throttled in the background is still right when it wakes. A timer rings once, from the tick
  // that finds it over, whatever step is shown.
  const running = timers.some((timer) => timer.endsAt > now);
  useEffect(() => {
    timersRef.current = timers;
  }, [timers]);
  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => {
      const at = Date.now();
      setNow(at);
      for (const timer of timersRef.current) {
        if (timer.endsAt > at || rung.current.has(timer.id)) continue;
        rung.current.add(timer.id);
        ring(`${recipe.name}: ${timer.label} (step ${timer.step + 1}) is done`);
      }
    }, 250);
    return () => clearInterval(tick);
  }, [running, recipe.name]);

  const start = (seconds: number, step: number, at: number) => {
    askToNotify();
    setNow(at);
    setTimers((all) => [
      ...all,
      {
        id: all.reduce((max, timer) => Math.max(max, timer.id), 0) + 1,
        label: durationLabel(seconds),
        step,
        endsAt: at + seconds * 1000,
      },
    ]);
  };

  const step = steps[index] ?? '';
  return (
    <Modal
      open
      onClose={onClose}
      title={recipe.name}
      className="cook-mode"
      footer={
        <>
          <button type="button" className="button cook-nav" onClick={() => go(-1)} disabled={index === 0}>
            Previous
          </button>
          <span className="cook-progress" aria-live="polite">
            {steps.length ? `Step ${index + 1} of ${steps.length}` : 'No steps'}
          </span>
          <button
            type="button"
            className="button primary cook-nav"
            onClick={() => go(1)}
            disabled={index >= last}
          >
            Next
          </button>
        </>
      }
    >
      <div
        className="cook-layout"
        onKeyDown={(event) => {
          if (event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') return;
          if (event.key === 'ArrowRight') go(1);
          if (event.key === 'ArrowLeft') go(-1);
        }}
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          const from = swipeStart.current;
          swipeStart.current = undefined;
          if (from === undefined) return;
          const dx = event.clientX - from;
          if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
        }}
      >
        {!awake && <p className="cook-note">{NO_WAKE_LOCK}</p>}
        {timers.length > 0 && (
          <ul className="cook-timers" aria-label="Timers">
            {timers.map((timer) => (
              <li key={timer.id} className={`cook-timer${timer.endsAt <= now ? ' is-done' : ''}`}>
                <span className="cook-timer-label">
                  Step {timer.step + 1} · {timer.label}
                </span>
                <span className="cook-timer-clock" role="timer">
                  {timer.endsAt <= now ? 'Done' : clockText((timer.endsAt - now) / 1000)}
                </span>
                <button
                  type="button"
                  className="button small ghost"
                  onClick={() => setTimers((all) => all.filter((t) => t.id !== timer.id))}
                >
                  {timer.endsAt <= now ? 'Dismiss' : 'Cancel'}
                </button>
              </li>
            ))}
          </ul>
        )}
        {timers
          .filter((timer) => timer.endsAt <= now)
          .map((timer) => (
            <p key={timer.id} className="cook-alert" role="alert">
              Timer done: {timer.label} — step {timer.step + 1}
            </p>
          ))}
        <section className="cook-step" aria-label={`Step ${index + 1}`}>
          {steps.length ? (
            <p className="cook-step-text">{withTimers(step, (seconds, at) => start(seconds, index, at))}</p>
          ) : (
            <p className="cook-step-text">This recipe has no instructions yet.</p>
          )}
        </section>
        <details className="cook-ingredients" open>
          <summary>Ingredients</summary>
          <ul>
            {recipe.ingredients.map((ingredient: Ingredient, i) =>
              isHeading(ingredient) ? (
                <li key={i} className="ingredient-heading">
                  {ingredient.name}
                </li>
              ) : (
                <li key={i}>
                  <input
                    id={`${baseId}-${i}`}
                    type="checkbox"
                    checked={ticked.has(i)}
                    onChange={() =>
                      setTicked((all) => {
                        const next = new Set(all);
                        if (!next.delete(i)) next.add(i);
                        return next;
                      })
                    }
                  />
                  <label htmlFor={`${baseId}-${i}`}>{lines[i]}</label>
                </li>
              ),
            )}
          </ul>
        </details>
      </div>
    </Modal>
  );
}

/** A step's text with each duration in it as a button that starts a timer for it. */
function withTimers(step: string, onStart: (seconds: number, at: number) => void): ReactNode[] {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const found of findDurations(step)) {
    parts.push(step.slice(from, found.start));
    parts.push(
      <button
        key={found.start}
        type="button"
        className="cook-duration"
        aria-label={`Start ${durationLabel(found.seconds)} timer`}
        onClick={() => onStart(found.seconds, Date.now())}
      >
        {step.slice(found.start, found.end)}
      </button>,
    );
    from = found.end;
  }
  parts.push(step.slice(from));
  return parts;
}

/**
 * Keeps the screen on while cook mode is open (Screen Wake Lock), asking again when the page comes
 * back into view (the browser releases the lock when it is hidden). False where it cannot.
 */
function useWakeLock(): boolean {
  const [awake, setAwake] = useState(() => typeof navigator !== 'undefined' && 'wakeLock' in navigator);
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinel | undefined;
    let closed = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (lock) => {
          if (closed) void lock.release();
          else sentinel = lock;
          setAwake(true);
        },
        () => setAwake(false),
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release();
    };
  }, []);
  return awake;
}

/** Asks once for permission to show a notification when a timer rings (if the browser has them). */
function askToNotify(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

/** A timer rang: a notification when allowed (the cook may be in another tab), and a few beeps. */
function ring(message: string): void {
  try {
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      new Notification('Timer done', { body: message, tag: message });
    }
  } catch {
    // Some browsers allow notifications only from a service worker: the beeps and the alert remain.
  }
  beep();
}

/** Three short beeps through Web Audio (no sound file to fetch, so it works offline). */
function beep(): void {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return;
  try {
    const audio = new Context();
    for (let i = 0; i < 3; i++) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = 880;
      gain.gain.value = 0.2;
      oscillator.connect(gain).connect(audio.destination);
      const at = audio.currentTime + i * 0.35;
      oscillator.start(at);
      oscillator.stop(at + 0.2);
    }
    setTimeout(() => void audio.close().catch(() => undefined), 1500);
  } catch {
    // No audio output: the alert on screen remains.
  }
}
