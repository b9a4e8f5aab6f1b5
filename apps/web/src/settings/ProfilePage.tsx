import { useCurrentUser } from '../account';
import { AboutMeCard } from './AboutMeCard';
import { CalendarFeedCard } from './CalendarFeedCard';
import { CoplannersCard } from './CoplannersCard';
import { FollowersCard, FollowingCard } from './FollowCards';
import { ImportExportCard } from './ImportExportCard';

/** My Profile's cards (docs/BEHAVIOUR.md §2). */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="card-grid">
      <AboutMeCard user={user} />
      <CoplannersCard />
      <FollowingCard user={user} />
      <FollowersCard user={user} />
      <CalendarFeedCard />
      <ImportExportCard />
    </div>
  );
}
