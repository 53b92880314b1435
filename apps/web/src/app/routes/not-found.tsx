import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="text-center">
        <p className="text-6xl font-extrabold text-brand-ink">404</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
        <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
        <Button asChild className="mt-8">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}
