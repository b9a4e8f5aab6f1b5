import { fireConfetti } from '../ui';
import { CelebrationIcon } from '../ui';

/** /discover: a placeholder until recipe discovery exists (docs/BEHAVIOUR.md §2). */
export function DiscoverPage() {
  return (
    <section className="placeholder">
      <h1>Discover your new favorite recipes</h1>
      <p className="lede">Sit tight. Coming soon(ish)...</p>
      <button type="button" className="button primary" onClick={() => void fireConfetti()}>
        <CelebrationIcon width={20} height={20} />
        Celebrate anyway
      </button>
    </section>
  );
}
