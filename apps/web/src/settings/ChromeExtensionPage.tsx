import { useState } from 'react';
import { Link } from 'react-router';
import { CHROME_STORE_URL } from '../landing';
import { icon, ScannerIcon } from '../ui';
import './ChromeExtensionPage.css';

/** Where the server offers the extension built with it (scripts/build.mjs puts it there). */
export const EXTENSION_ZIP_URL = '/downloads/mealplan-extension.zip';

const DownloadIcon = /* @__PURE__ */ icon('M5 20h14v-2H5v2zM19 9h-4V3H9v6H5l7 7 7-7z');

/** This server's address, with a button that copies it for the extension's settings. */
function ServerAddress({ origin }: { origin: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(origin);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <span className="extension-address">
      <code>{origin}</code>
      <button type="button" className="button ghost small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

/**
 * Explains the recipe scanner (docs/BEHAVIOUR.md §1, §2) and how to install it: the zip this server offers
 * (loaded unpacked, so self-hosters get the version that matches their server), or the store;
 * then the server address in its settings; then connecting it to the account.
 */
export function ChromeExtensionPage() {
  const origin = window.location.origin;
  return (
    <section className="card extension-card" aria-labelledby="extension-title">
      <div className="extension-hero">
        <span className="feature-icon" aria-hidden="true">
          <ScannerIcon />
        </span>
        <div>
          <h2 id="extension-title">Recipe Scanner</h2>
          <p>
            Found a recipe worth keeping? Click the Mealplan button in your browser&rsquo;s toolbar and the
            recipe on the page (its name, ingredients, instructions, times and a link back to the site) lands
            in your Test Kitchen, with the ingredients already parsed into amounts, units and names.
          </p>
        </div>
      </div>

      <h3 className="extension-step-title">Install it</h3>
      <p className="extension-lead">For Chrome, Edge, Brave and other Chromium browsers on a computer.</p>
      <div className="extension-download">
        <a className="button primary" href={EXTENSION_ZIP_URL} download>
          <DownloadIcon width={20} height={20} aria-hidden="true" />
          Download the extension
        </a>
        <span className="extension-download-note">
          or get it from the{' '}
          <a href={CHROME_STORE_URL} target="_blank" rel="noopener noreferrer">
            Chrome Web Store
          </a>
        </span>
      </div>
      <ol className="steps">
        <li>
          <strong>Unzip</strong> <code>mealplan-extension.zip</code> into a folder you keep: the browser loads
          the extension from there.
        </li>
        <li>
          Open <code>chrome://extensions</code> (in Edge <code>edge://extensions</code>) and turn on{' '}
          <strong>Developer mode</strong>.
        </li>
        <li>
          Click <strong>Load unpacked</strong> and choose the unzipped folder. Pin the Mealplan button to the
          toolbar from the puzzle-piece menu.
        </li>
      </ol>

      <h3 className="extension-step-title">Connect it</h3>
      <ol className="steps" start={4}>
        <li>
          Click the Mealplan button, open its <strong>Settings</strong> (the gear) and enter this
          server&rsquo;s address:
          <ServerAddress origin={origin} />
          Then <strong>Save</strong>, and allow access if the browser asks.
        </li>
        <li>
          The first time you send a recipe, the extension opens Mealplan to connect to your account. You can
          also <Link to="/authorize-chrome-extension">connect it now</Link>.
        </li>
      </ol>

      <h3 className="extension-step-title">Scan recipes</h3>
      <p className="extension-lead">
        On any cooking site, click the Mealplan button, check what it found and press{' '}
        <strong>Send to Mealplan</strong>. New recipes show up in your Test Kitchen within seconds; scanning
        the same page again updates the recipe instead of adding a copy.
      </p>
      <p className="card-note">
        The extension reads a page only when you click it, and the key it receives can do nothing in your
        account except add recipes.
      </p>
    </section>
  );
}
