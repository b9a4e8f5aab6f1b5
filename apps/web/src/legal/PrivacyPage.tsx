import { LegalLayout } from './LegalLayout';

/** /legal/privacy: what this self-hostable product stores, shows and shares. */
export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      summary={
        <p>
          In short: we keep what you put into Mealplan so we can show it back to you, we share it only the way
          you choose, we do not sell it, show ads or track you, and you can take it with you or have it
          deleted.
        </p>
      }
    >
      <section>
        <h2>1. Who is responsible for your data</h2>
        <p>
          Mealplan is open-source software that anyone can run on their own server. The person or organisation
          that runs the Mealplan server you signed up on (&ldquo;the operator&rdquo;, &ldquo;we&rdquo;) is
          responsible for the data stored on it. If a family member set up Mealplan at home, that is them. The
          authors of the software receive nothing from servers they do not run.
        </p>
      </section>

      <section>
        <h2>2. What we store</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, your first and last name, your family name,
            and your password, which is stored only as a salted one-way hash that nobody can read back.
          </li>
          <li>
            <strong>Your profile picture,</strong> if you upload one. It is cropped in your browser and stored
            as a small JPEG.
          </li>
          <li>
            <strong>What you plan:</strong> recipes and their categories, ratings and how often you made them,
            your agenda, day notes, grocery stores, aisles and lists.
          </li>
          <li>
            <strong>Who you plan with:</strong> the co-planners in your household, the people you follow and
            the people who follow you, and whether each follow was approved.
          </li>
          <li>
            <strong>Recipes from the recipe scanner:</strong> when you click the browser extension, it reads
            the recipe on the page you are viewing (name, ingredients, instructions, times and the page
            address) and sends it to your account. It reads nothing else and nothing in the background.
          </li>
          <li>
            <strong>Technical records:</strong> the server log keeps the time, address and outcome of
            requests, and the app reports its own errors (the error text, never your recipes or notes) so they
            can be fixed. Logs are kept for as long as the operator configures, typically a few weeks.
          </li>
        </ul>
      </section>

      <section>
        <h2>3. What we do not do</h2>
        <ul>
          <li>We do not sell or rent your data, and we do not show advertising.</li>
          <li>
            The app loads no third-party analytics, trackers, fonts or scripts. Your browser talks only to the
            Mealplan server.
          </li>
          <li>We send e-mail only for your account: password resets and invitations. No newsletters.</li>
        </ul>
      </section>

      <section>
        <h2>4. Private, shared and public content</h2>
        <ul>
          <li>
            <strong>Private:</strong> your day notes on the agenda, your grocery lists and your account
            details are private. Only you and the co-planners of your household can see them.
          </li>
          <li>
            <strong>Shared:</strong> your agenda and your recipes are shared, read-only, with the followers
            you approve. They can copy a recipe into their own account; the copy is theirs. Approving is
            always your choice, one follower at a time, and you can decline anyone.
          </li>
          <li>
            <strong>Public:</strong> public content can be seen by anyone, including people without an
            account. Nothing you create is public unless you publish it yourself.
          </li>
          <li>
            <strong>Co-planners</strong> have full access to the household account they join, including its
            notes and grocery lists. Invite only people you would hand your kitchen notebook to.
          </li>
        </ul>
      </section>

      <section>
        <h2>5. Cookies and storage in your browser</h2>
        <p>
          We set one cookie: the session cookie that keeps you signed in. It cannot be read by scripts and
          ends when you log out. Your browser also keeps a copy of your plan and your not-yet-saved changes,
          so the app works offline in the shop, and a few preferences such as the tab you used last. Logging
          out and clearing your browser storage removes them.
        </p>
      </section>

      <section>
        <h2>6. How long we keep it, and how you get it back</h2>
        <p>
          Your data is kept while your account exists. You can correct your profile at any time in Settings.
          Ask the operator for a copy of everything in your account (Mealplan exports it as a single JSON
          file) or to delete your account; deleting removes your account, your content and your picture.
          Backups made by the operator are overwritten on their normal schedule.
        </p>
      </section>

      <section>
        <h2>7. Security</h2>
        <p>
          Passwords are hashed with a slow, salted algorithm. Sessions can be ended by logging out, and
          changing your password signs out your other devices. Every request is checked against the account it
          belongs to. We recommend that operators serve Mealplan over HTTPS only.
        </p>
      </section>

      <section>
        <h2>8. Children</h2>
        <p>
          Mealplan is meant for adults. You must be 18 or older to create an account, and we do not knowingly
          collect data from anyone under 18. If you believe a child has given us their data, tell the operator
          and it will be deleted.
        </p>
      </section>

      <section>
        <h2>9. Changes and contact</h2>
        <p>
          If this policy changes, the new version is published on this page with a new date. For any question
          or request about your data, contact the operator of this Mealplan server.
        </p>
      </section>
    </LegalLayout>
  );
}
