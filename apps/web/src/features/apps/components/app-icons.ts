import { IconApps, IconBrandGoogle, IconBrandOffice, IconCreditCard, IconPhone, IconServerCog, type Icon } from '@tabler/icons-react';

/** The server names an icon; the web app owns the drawing. Unknown names get a neutral one. */
const ICONS: Record<string, Icon> = {
  phone: IconPhone,
  'credit-card': IconCreditCard,
  'brand-office': IconBrandOffice,
  'brand-google': IconBrandGoogle,
  'server-cog': IconServerCog,
};

export const appIcon = (name: string): Icon => ICONS[name] ?? IconApps;
