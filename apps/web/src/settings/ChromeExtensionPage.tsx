import { Link } from 'react-router';
import { CHROME_STORE_URL } from '../landing/links';
import { ScannerIcon } from '../ui/icons';

/** Explains the recipe scanner and how to connect it (SPEC §1, §2). */
export function ChromeExtensionPage() {
  return (
    <section className="card extension-card">
      <div className="extension-hero">
        <span className="feature-icon" aria-hidden="true">
          <ScannerIcon />
        </span>
        <div>
          <h2>Recipe Scanner</h2>
          <p>
            Found a recipe worth keeping? Click the Mealplan button in your browser&rsquo;s toolbar and the
            recipe on the page (its name, ingredients, instructions, times and a link back to the site) lands
            in your Test Kitchen, with the ingredients already parsed into amounts, units and names.
          </p>
        </div>
      </div>
      <ol className="steps">
        <li>
          <strong>Install it</strong> in Chrome, Edge, Brave or another Chromium browser on a computer, from
          the{' '}
          <a href={CHROME_STORE_URL} target="_blank" rel="noopener noreferrer">
            Chrome Web Store
          </a>
          . If you run your own Mealplan server, you can also load it from the project&rsquo;s{' '}
          <code>apps/extension</code> folder.
        </li>
        <li>
          <strong>Connect it</strong> to your account: the extension opens the authorization page the first
          time you use it, or <Link to="/authorize-chrome-extension">connect it now</Link>.
        </li>
        <li>
          <strong>Scan recipes</strong> on any cooking site. New recipes show up in your Test Kitchen within
          seconds; scanning the same page again updates the recipe instead of adding a copy.
        </li>
      </ol>
      <p className="card-note">
        The extension reads a page only when you click it, and the key it receives can do nothing in your
        account except add recipes.
      </p>
    </section>
  );
}
