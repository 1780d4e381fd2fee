import type { AppLaunchGrant, AppTile, Service } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { SYSTEM, VISITOR } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { Caller } from '../auth/index.js';
import { issueOneTimeToken, redeemOneTimeToken } from '../auth/index.js';
import { servicesOfAccount } from '../services/index.js';
import { appCatalogue, type AppDefinition } from './apps.catalogue.js';
import { maySeeApp } from './apps.policy.js';

/** Long enough for a browser to open the app, short enough that a leaked address is useless. */
export const APP_LAUNCH_TOKEN_TTL_MS = 60 * 1000;
export const APP_NOT_READY = 'This application will be available soon!';
export const INVALID_LAUNCH_TOKEN = 'This launch link is invalid, expired or already used. Please open the app again from the portal.';

interface LaunchPayload {
  app: string;
  apiId: string;
  accountId: number;
}

export function createAppsService({ db, config, events }: { db: Database; config: Pick<AppConfig, 'apps'>; events: EventRecorder }) {
  const catalogue = appCatalogue(config.apps);

  async function tilesFor(caller: Caller): Promise<AppTile[]> {
    const services = await servicesOfAccount(db, caller.accountId);
    return catalogue.filter((app) => maySeeApp(caller, app)).flatMap((app) => tileOf(app, services));
  }

  return {
    list: tilesFor,

    /** A one-time address for a token app; the caller's access token never leaves the portal. */
    async launch(caller: Caller, appId: string): Promise<{ url: string }> {
      const tile = (await tilesFor(caller)).find((candidate) => candidate.id === appId);
      if (!tile) throw notFound('The application');
      if (tile.launch === 'unavailable') throw new AppError('conflict', APP_NOT_READY);
      if (tile.launch !== 'token' || !tile.api_id) return { url: tile.url! };

      const app = catalogue.find((candidate) => candidate.id === appId)!;
      const payload: LaunchPayload = { app: app.id, apiId: tile.api_id, accountId: caller.accountId };
      const { token } = await inTransaction(db, async (tx) => {
        const issued = await issueOneTimeToken(tx, {
          purpose: 'app_launch',
          contactId: caller.contactId,
          ttlMs: APP_LAUNCH_TOKEN_TTL_MS,
          createdBy: caller.impersonatedBy ?? caller.email,
          payload: { ...payload },
        });
        // The trail has never kept the address of a launch (the redeeming app's call has its own).
        await events.record(tx, {
          type: 'app.launch_issued',
          accountId: caller.accountId,
          actor: SYSTEM,
          data: { app: app.id, api_id: tile.api_id!, by: caller.impersonatedBy ?? caller.email, contact_id: caller.contactId },
        });
        return issued;
      });
      const url = new URL(app.address);
      url.searchParams.set('token', token);
      url.searchParams.set('v2', tile.api_id);
      return { url: url.toString() };
    },

    /** For the launched app: the token is used up on the first attempt, even one for another app. */
    async redeem(appId: string, token: string): Promise<AppLaunchGrant> {
      const used = await redeemOneTimeToken(db, 'app_launch', token);
      const payload = used?.payload as Partial<LaunchPayload> | undefined;
      const contact = used && payload?.app === appId ? used.contact : undefined;
      if (!used || !payload?.apiId || !contact || contact.accountId !== payload.accountId) {
        await events.record(db, {
          type: 'app.launch_redeemed',
          accountId: null,
          actor: VISITOR,
          data: { app: appId, outcome: 'failure', contact_id: used?.contact.id ?? null },
        });
        throw new AppError('unauthenticated', INVALID_LAUNCH_TOKEN);
      }
      await events.record(db, {
        type: 'app.launch_redeemed',
        accountId: contact.accountId,
        actor: VISITOR,
        data: { app: appId, outcome: 'success', contact_id: contact.id },
      });
      return {
        app: appId,
        api_id: payload.apiId,
        contact: { pk: contact.id, email: contact.email, firstname: contact.firstname, lastname: contact.lastname, time_zone: contact.timeZone },
        account: { id: contact.accountId, name: contact.accountName },
      };
    },
  };
}
export type AppsService = ReturnType<typeof createAppsService>;

/**
 * An app gets a tile when the account has one of its services active. It opens only through a
 * service that is also provisioned (and, for token apps, has the api_id the app needs); otherwise
 * the tile reads 'This application will be available soon!'.
 */
function tileOf(app: AppDefinition, services: Service[]): AppTile[] {
  const active = services.filter((service) => app.itemTypes.includes(service.item_type) && service.status === 'active');
  if (active.length === 0) return [];
  const ready = active.find((service) => service.provision_status === 'provisioned' && (app.opens !== 'token' || service.api_id));
  const launch = ready ? app.opens : 'unavailable';
  return [
    {
      id: app.id,
      name: app.name,
      description: app.description,
      icon: app.icon,
      colour: app.colour,
      item_type: app.id,
      api_id: (ready ?? active[0])!.api_id,
      launch,
      url: launch === 'external' || launch === 'internal' ? app.address : null,
      audience: app.audience,
    },
  ];
}
