/**
 * A one-second burst of confetti (docs/BEHAVIOUR.md §9). canvas-confetti is fetched on first use, so pages pay
 * for it only when someone presses a confetti button. Skipped for people who ask for reduced motion.
 */
export const CONFETTI_MS = 1_000;

export async function fireConfetti(durationMs = CONFETTI_MS): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
  // No worker: a blob: worker would need a looser Content-Security-Policy.
  const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
  const colors = ['#2f6b3f', '#f2b705', '#e4572e', '#76b041', '#ffffff'];
  const end = Date.now() + durationMs;
  const frame = () => {
    void fire({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.75 }, colors });
    void fire({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.75 }, colors });
    if (Date.now() < end) requestAnimationFrame(frame);
  };
  void fire({ particleCount: 90, spread: 80, startVelocity: 42, origin: { y: 0.65 }, colors });
  frame();
}
