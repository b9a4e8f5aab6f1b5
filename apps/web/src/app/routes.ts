/** The route table of docs/BEHAVIOUR.md §2: which paths exist and who may see them. */
export interface RouteInfo {
  path: string;
  title: string;
  signedIn: boolean;
}

export const ROUTES: RouteInfo[] = [
  { path: '/plan', title: 'Plan', signedIn: true },
  { path: '/recipes', title: 'Recipes', signedIn: true },
  { path: '/agenda', title: 'Agenda', signedIn: true },
  { path: '/discover', title: 'Discover', signedIn: true },
  { path: '/groceries', title: 'Groceries', signedIn: true },
  { path: '/settings', title: 'Settings', signedIn: true },
  { path: '/settings/profile', title: 'My Profile', signedIn: true },
  { path: '/settings/chrome-extension', title: 'Chrome Extension', signedIn: true },
  { path: '/change-password', title: 'Change Password', signedIn: true },
  { path: '/invitations/coplanner', title: 'Co-planner invitation', signedIn: true },
  { path: '/login', title: 'Login', signedIn: false },
  { path: '/logout', title: 'Logout', signedIn: false },
  { path: '/reset-password', title: 'Reset Password', signedIn: false },
  { path: '/set-password/:email/:otp', title: 'Set Password', signedIn: false },
  { path: '/register', title: 'Register', signedIn: false },
  { path: '/authorize-chrome-extension', title: 'Authorize Chrome Extension', signedIn: false },
  { path: '/legal/privacy', title: 'Privacy Policy', signedIn: false },
  { path: '/legal/terms-of-service', title: 'Terms of Service', signedIn: false },
];
