import { Anchor, Box, Breadcrumbs, Text, VisuallyHidden, type BoxProps } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PortalSection } from '../portal-sections';

/**
 * Where the screen sits (docs/product.md §2: Admin / Users, Finance / Billing, and the same for
 * every other screen). A step that is itself a screen (IT Asset Manager, above the vault) links to it.
 */
export function SectionBreadcrumb({ trail, sections, ...box }: { trail: readonly string[]; sections: readonly PortalSection[] } & BoxProps) {
  return (
    <Box {...box} style={{ minWidth: 0 }}>
      <Breadcrumbs component="nav" separator="/" aria-label="Breadcrumb" fz="sm" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        {trail.map((part, index) => {
          const last = index === trail.length - 1;
          const screen = last ? undefined : sections.find((section) => section.label === part);
          if (screen) {
            return (
              <Anchor key={part} component={Link} to={screen.path} size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {part}
              </Anchor>
            );
          }
          return (
            <Text
              key={part}
              size="sm"
              c={last ? undefined : 'dimmed'}
              fw={last ? 600 : undefined}
              aria-current={last ? 'page' : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              {part}
            </Text>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}

/** The customer account the signed-in user works for, always in view on a wide screen. */
export function AccountName({ name, ...box }: { name: string } & BoxProps) {
  return (
    <Box {...box}>
      <Text size="sm" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }} title="Your account">
        <IconBuilding size={16} aria-hidden="true" />
        <span>
          <VisuallyHidden>Account: </VisuallyHidden>
          {name}
        </span>
      </Text>
    </Box>
  );
}
