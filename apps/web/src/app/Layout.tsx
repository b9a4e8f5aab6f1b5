import { Link, Outlet } from 'react-router';

/** The page frame: top navigation, the page, the footer. */
export function Layout() {
  return (
    <div className="app">
      <header className="topnav">
        <Link to="/" className="brand" aria-label="Mealplan home">
          Mealplan <span className="beta">beta</span>
        </Link>
        <nav aria-label="Main">
          <Link to="/login">Login</Link>
        </nav>
      </header>
      <main className="page">
        <Outlet />
      </main>
      <footer className="footer">
        <Link to="/legal/terms-of-service">Terms of Service</Link>
        <Link to="/legal/privacy">Privacy Policy</Link>
      </footer>
    </div>
  );
}
