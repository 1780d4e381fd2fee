import { IconArrowRight, IconClockHour4, IconExternalLink } from '@tabler/icons-react';
import type { AppTile } from '@portal/contract';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { appIcon } from './app-icons';
import classes from './AppTileCard.module.css';

/** Spec §2: what a tile without a link says. */
export const APP_COMING_SOON = 'This application will be available soon!';

/** A tile not everyone gets says who does (its `audience`; decision 0031: the IT Asset Manager's is administrators' and technical contacts'). */
export const TILE_AUDIENCE_BADGES: Partial<Record<string, string>> = { admin: 'Administrators only', technical: 'Admin & Technical' };

interface AppTileCardProps {
  tile: AppTile;
  /** For token apps: asks the server for a one-time address and opens it. */
  onLaunch: (tile: AppTile) => void;
  launching: boolean;
}

/**
 * Icon, name, description and the way the app opens. Plain elements styled by AppTileCard.module.css, not Mantine
 * components: the tiles are the first signed-in screen, and Mantine's trees for them (a Card, Stacks, Groups, a
 * ThemeIcon, Title, Text and Button per tile, each resolving its style props) were render and commit time on a
 * phone's main thread (decision 0022).
 */
export function AppTileCard({ tile, onLaunch, launching }: AppTileCardProps) {
  const TileIcon = appIcon(tile.icon);
  const headingId = `app-tile-${tile.id}`;
  // The tile's colour is a Mantine palette name from the server's catalogue; its light tint as ThemeIcon variant="light"
  // draws it. A name that is not one of the theme's colours gets the brand's rather than no tint.
  const colours = {
    '--tile-tint': `var(--mantine-color-${tile.colour}-light, var(--mantine-color-brand-light))`,
    '--tile-ink': `var(--mantine-color-${tile.colour}-light-color, var(--mantine-color-brand-light-color))`,
  } as CSSProperties;
  return (
    <article aria-labelledby={headingId} className={classes.tile} style={colours}>
      <div className={classes.top}>
        <span className={classes.icon} aria-hidden="true">
          <TileIcon size={28} stroke={1.6} />
        </span>
        {TILE_AUDIENCE_BADGES[tile.audience] && <StatusBadge colour="grape">{TILE_AUDIENCE_BADGES[tile.audience]}</StatusBadge>}
      </div>
      <div className={classes.text}>
        <h2 id={headingId} className={classes.name}>
          {tile.name}
        </h2>
        <p className={classes.description}>{tile.description}</p>
      </div>
      <TileAction tile={tile} onLaunch={onLaunch} launching={launching} />
    </article>
  );
}

/** One column on a phone, two from a tablet, three on a desktop; the tiles of a row as tall as each other. */
export function AppTileGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}

/** A tile's shape while the tiles load: icon, name, two lines of description, the action. */
export function AppTilePlaceholder() {
  return (
    <div className={classes.placeholder}>
      <div className={`${classes.bone} ${classes.boneIcon}`} />
      <div className={`${classes.bone} ${classes.boneName}`} />
      <div className={`${classes.bone} ${classes.boneLine}`} />
      <div className={`${classes.bone} ${classes.boneLine} ${classes.boneLineShort}`} />
      <div className={`${classes.bone} ${classes.boneAction}`} />
    </div>
  );
}

function TileAction({ tile, onLaunch, launching }: AppTileCardProps) {
  if (tile.launch === 'unavailable' || (tile.launch !== 'token' && !tile.url)) {
    return (
      <p className={classes.comingSoon}>
        <IconClockHour4 size={18} aria-hidden="true" />
        {APP_COMING_SOON}
      </p>
    );
  }
  if (tile.launch === 'internal') {
    return (
      <Link to={tile.url!} className={classes.action} aria-label={`Open ${tile.name}`}>
        <span className={classes.actionLabel}>Open</span>
        <IconArrowRight size={16} aria-hidden="true" />
      </Link>
    );
  }
  if (tile.launch === 'external') {
    return (
      <a href={tile.url!} target="_blank" rel="noopener noreferrer" className={classes.action} aria-label={`Open ${tile.name} (opens in a new tab)`}>
        <span className={classes.actionLabel}>Open</span>
        <IconExternalLink size={16} aria-hidden="true" />
      </a>
    );
  }
  // While the server makes the one-time address, the button is busy and cannot launch a second time (as Mantine's
  // Button `loading` did): disabled, announced as busy, its label swapped for a spinner.
  return (
    <button
      type="button"
      className={classes.action}
      onClick={() => onLaunch(tile)}
      disabled={launching}
      aria-busy={launching || undefined}
      aria-label={`Open ${tile.name} (opens in a new tab)`}
    >
      {launching && <span className={classes.spinner} aria-hidden="true" />}
      <span className={classes.actionLabel}>Open</span>
      <IconExternalLink size={16} aria-hidden="true" />
    </button>
  );
}
