import { Link } from 'react-router';

/** The public landing page; its hero headline is SPEC §1's 'Mealplanning made easy'. */
export function LandingPage() {
  return (
    <section className="hero">
      <h1>Mealplanning made easy</h1>
      <p className="lede">
        Keep your recipes, drag them onto a daily agenda and shop from a grocery list sorted by store and
        aisle.
      </p>
      <Link to="/register" className="button primary">
        Get Started for Free!
      </Link>
    </section>
  );
}
