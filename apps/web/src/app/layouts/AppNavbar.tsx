import { AppShell } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { SupportContactCard } from '../../shared/ui/SupportContactCard';
import { SECTION_GROUPS, type PortalSection } from '../portal-sections';
import classes from './SignedInLayout.module.css';

interface AppNavbarProps {
  sections: PortalSection[];
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate: () => void;
}

export function AppNavbar({ sections, onNavigate }: AppNavbarProps) {
  const { pathname } = useLocation();
  return (
    <>
      {/* The browser's own scrolling (on a short screen), not Mantine's ScrollArea: that one measures itself
          and renders again on every visit, ~100 ms of a phone's main thread (decision 0022). */}
      <AppShell.Section grow className={classes.navbarLinks} mx="-md" px="md">
        {SECTION_GROUPS.map((group) => {
          const links = sections.filter((section) => section.group === group && section.inSidebar !== false);
          if (links.length === 0) return null;
          return (
            <div key={group} className={classes.navGroup}>
              <p className={classes.navGroupLabel}>{group}</p>
              {links.map(({ path, label, icon: LinkIcon }) => {
                const active = pathname === path || pathname.startsWith(`${path}/`);
                return (
                  <Link key={path} to={path} className={classes.navLink} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                    <LinkIcon size={20} stroke={1.7} aria-hidden="true" />
                    <span className={classes.navLinkLabel}>{label}</span>
                  </Link>
                );
              })}
            </div>
          );
        })}
      </AppShell.Section>
      <AppShell.Section pt="md">
        <SupportContactCard compact />
      </AppShell.Section>
    </>
  );
}
