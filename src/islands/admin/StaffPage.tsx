import type { ReactNode } from 'react';
import { AuthGate } from '../AuthGate.tsx';
import { PublishBanner } from './PublishBanner.tsx';
import { ToastProvider } from './Toaster.tsx';

export interface StaffPageProps {
  /** `Employee` (the default) or `Admin`: anyone else is sent to the sign-in page. */
  needs?: 'Employee' | 'Admin';
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every staff page: the role gate (spec §6), the page's heading,
 * the site's publish banner and the toasts the page's actions raise.
 */
export function StaffPage({ needs = 'Employee', title, description, children }: StaffPageProps) {
  return (
    <AuthGate role={needs}>
      <ToastProvider>
        <header className="mb-4 print:hidden">
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
          {description !== undefined && <p className="mt-1 max-w-3xl text-slate-700">{description}</p>}
        </header>
        <PublishBanner>{children}</PublishBanner>
      </ToastProvider>
    </AuthGate>
  );
}
