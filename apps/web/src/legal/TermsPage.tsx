import { Link } from 'react-router';
import { LegalLayout } from './LegalLayout';

/** /legal/terms-of-service: the agreement for using a Mealplan server. */
export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      summary={
        <p>
          In short: your recipes and plans stay yours, use the service kindly, Mealplan is in beta and comes
          without guarantees, and if something goes wrong our liability is limited to what you paid us in the
          last 12 months.
        </p>
      }
    >
      <section>
        <h2>1. Agreement</h2>
        <p>
          These terms apply when you use a Mealplan server: the website, the app and the recipe scanner
          extension. The person or organisation running the server (&ldquo;the operator&rdquo;,
          &ldquo;we&rdquo;) offers it to you on these terms. By creating an account you agree to them. If you
          do not agree, please do not use the service.
        </p>
      </section>

      <section>
        <h2>2. Your account</h2>
        <ul>
          <li>You must be 18 or older to create an account.</li>
          <li>Give a real e-mail address you can receive mail at, and keep your password to yourself.</li>
          <li>
            You are responsible for what happens in your account, including what the co-planners you invite
            do. Co-planners have full access to your household&rsquo;s recipes, agenda, notes and grocery
            lists.
          </li>
        </ul>
      </section>

      <section>
        <h2>3. Your content</h2>
        <p>
          The recipes, notes, plans and pictures you add remain yours. You allow us to store, copy and display
          them only as needed to run the service for you and for the people you share with. Day notes are
          private to your household. Your agenda and recipes are shared read-only with the followers you
          approve, and they may copy your recipes into their own accounts. Public content, if you publish any,
          can be seen by anyone. See the <Link to="/legal/privacy">Privacy Policy</Link> for details.
        </p>
        <p>
          Recipes you save from other websites with the recipe scanner belong to their authors. Keep them for
          your own cooking and respect the rights of the people who wrote them.
        </p>
      </section>

      <section>
        <h2>4. Fair use</h2>
        <p>Please do not:</p>
        <ul>
          <li>break the law, or upload content you have no right to share;</li>
          <li>harass people, or follow or invite people who do not want to hear from you;</li>
          <li>try to reach other people&rsquo;s accounts, overload the server, or get around plan limits;</li>
          <li>use the service to send spam.</li>
        </ul>
        <p>We may suspend an account that does these things.</p>
      </section>

      <section>
        <h2>5. Plans and payment</h2>
        <p>
          The Free plan costs $0 per month and includes up to 200 recipes, 2 users per account and 1 grocery
          store. The Pro plan, coming soon, will cost $2 per month for up to 5000 recipes, 10 users and 10
          grocery stores. The operator of a self-hosted server may set other limits. Prices are shown before
          you pay, and a paid plan can be cancelled at any time, effective at the end of the month already
          paid.
        </p>
      </section>

      <section>
        <h2>6. Beta, availability and backups</h2>
        <p>
          Mealplan is in beta. Features change, and the service may be interrupted for maintenance or by
          faults. We work to keep your data safe, but please keep your own copy of anything you cannot lose;
          you can ask the operator for an export at any time.
        </p>
      </section>

      <section>
        <h2>7. No warranty</h2>
        <p>
          The service is provided &ldquo;as is&rdquo;, without warranties of any kind. Ingredient amounts,
          scaled servings and parsed units are computed automatically and may be wrong. Check recipes for
          allergens, food safety and cooking times yourself.
        </p>
      </section>

      <section>
        <h2>8. Limitation of liability</h2>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, and our total
          liability for any claim about the service is limited to the amount you paid us for it in the 12
          months before the claim. On the Free plan, that amount is $0.
        </p>
      </section>

      <section>
        <h2>9. Ending your account</h2>
        <p>
          You can stop using Mealplan at any time and ask the operator to delete your account. We may close
          accounts that break these terms, or end the service with reasonable notice so you can export your
          data.
        </p>
      </section>

      <section>
        <h2>10. Changes</h2>
        <p>
          If these terms change, the new version is published on this page with a new date. Important changes
          are announced in the app before they apply. Using the service after that means you accept the new
          terms.
        </p>
      </section>

      <section>
        <h2>11. The software and contact</h2>
        <p>
          Mealplan&rsquo;s source code is open source under the MIT license; these terms cover using a
          Mealplan server, not the code itself. For questions about these terms, contact the operator of this
          server.
        </p>
      </section>
    </LegalLayout>
  );
}
