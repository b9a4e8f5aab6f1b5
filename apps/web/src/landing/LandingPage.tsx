import { Link, useNavigate } from 'react-router';
import { fireConfetti } from '../ui';
import { CalendarIcon, CartIcon, CheckIcon, GroupIcon, HeartIcon, MenuBookIcon, ScannerIcon } from '../ui';
import { CHROME_STORE_URL } from './links';
import './landing.css';

/** The pause between the confetti and the register page (docs/BEHAVIOUR.md §9: about 0.8 s). */
export const START_DELAY_MS = 800;

const FEATURES = [
  {
    title: 'Cookbook',
    Icon: MenuBookIcon,
    text: 'New recipes wait in your Test Kitchen. Rate them after dinner and the keepers move to your Cookbook.',
  },
  {
    title: 'Agenda',
    Icon: CalendarIcon,
    text: 'Drag recipes onto the days of a scrolling agenda, jot a quick dinner idea or a note for any day.',
  },
  {
    title: 'Grocery list',
    Icon: CartIcon,
    text: 'Ingredients land in the right aisle of your store. Tick them off in the shop, even without signal.',
  },
  {
    title: 'Recipe Scanner',
    Icon: ScannerIcon,
    text: 'Save a recipe from any cooking site with one click in Chrome, Edge or Brave.',
    link: { href: CHROME_STORE_URL, label: 'Get it from the Chrome Web Store' },
  },
  {
    title: 'Multiple Users',
    Icon: GroupIcon,
    text: 'Invite your partner or housemates as co-planners: one household, one plan, one list.',
  },
  {
    title: 'Social',
    Icon: HeartIcon,
    text: 'Follow friends and family to peek at their agenda and copy their best recipes into your own.',
  },
];

const PLANS = [
  {
    name: 'Free',
    price: '$0',
    features: ['Up to 200 recipes', '2 users per account', '1 grocery store', 'No credit card needed'],
    action: 'select',
  },
  {
    name: 'Pro',
    price: '$2',
    features: ['Up to 5000 recipes', '10 users per account', '10 grocery stores'],
    action: 'soon',
  },
] as const;

/** The public landing page (docs/BEHAVIOUR.md §2): hero, feature cards, pricing. */
export function LandingPage() {
  const navigate = useNavigate();

  function getStarted() {
    void fireConfetti();
    window.setTimeout(() => navigate('/register'), START_DELAY_MS);
  }

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">Recipes · Agenda · Groceries</p>
        <h1 id="hero-title">Mealplanning made easy</h1>
        <p className="lede">
          Keep your recipes, drag them onto a daily agenda and shop from a grocery list sorted by store and
          aisle. Self-hosted, open source, and fast on any phone.
        </p>
        <div className="hero-actions">
          <button type="button" className="button primary large" onClick={getStarted}>
            Get Started for Free!
          </button>
          <Link to="/login" className="button ghost large">
            I have an account
          </Link>
        </div>
      </section>

      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          Everything dinner needs
        </h2>
        <ul className="feature-grid">
          {FEATURES.map(({ title, Icon, text, ...rest }) => (
            <li key={title} className="feature-card">
              <span className="feature-icon">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
              {'link' in rest && rest.link && (
                <a href={rest.link.href} target="_blank" rel="noopener noreferrer" className="feature-link">
                  {rest.link.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="pricing" aria-labelledby="pricing-title">
        <h2 id="pricing-title" className="section-title">
          Simple pricing
        </h2>
        <div className="plan-grid">
          {PLANS.map((plan) => (
            <article
              key={plan.name}
              className={`plan-card${plan.action === 'select' ? ' plan-card--featured' : ''}`}
            >
              <h3>{plan.name}</h3>
              <p className="plan-price">
                <span className="plan-amount">{plan.price}</span> per month
              </p>
              <ul className="plan-features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon width={18} height={18} />
                    {feature}
                  </li>
                ))}
              </ul>
              {plan.action === 'select' ? (
                <Link
                  to="/register"
                  className="button primary block"
                  aria-label={`Select the ${plan.name} plan`}
                >
                  Select
                </Link>
              ) : (
                <button type="button" className="button block" disabled>
                  Coming soon...
                </button>
              )}
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
