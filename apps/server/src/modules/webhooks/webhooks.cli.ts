import { parseArgs } from 'node:util';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint } from '@portal/contract';
import { AppError } from '../../platform/app-error.js';
import type { WebhooksService } from './webhooks.service.js';

export const WEBHOOK_USAGE = `  webhook create --url <URL> --events <type,type,…> [--description "<text>"]
      Registers a receiver for the events named (see docs/webhooks.md) and prints its signing
      secret, once: keep it where the receiver can read it.
  webhook list
  webhook enable <id> | webhook disable <id> | webhook delete <id>
  webhook deliveries [--endpoint <id>] [--status pending|succeeded|failed|dead] [--limit <n>]
      The newest deliveries with every attempt.
  webhook retry <delivery id>
      Sends a delivery again at the next poll, whatever became of it.
`;

export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

const idFrom = (value: string | undefined, what: string): number => {
  const id = Number(value);
  if (!value || !Number.isSafeInteger(id) || id <= 0) throw new AppError('validation_failed', `"${value ?? ''}" is not ${what} (a whole number).`);
  return id;
};

const describeEndpoint = (e: WebhookEndpoint) =>
  `#${e.id}  ${e.enabled ? 'enabled ' : 'disabled'}  ${e.url}${e.description ? `  (${e.description})` : ''}\n     events: ${e.events.join(', ')}  · created ${e.created_at}`;

function describeDelivery(d: WebhookDelivery): string {
  const next = d.next_attempt_at && (d.status === 'pending' || d.status === 'failed') ? `, next attempt ${d.next_attempt_at}` : '';
  const lines = [
    `#${d.id}  ${d.status.padEnd(9)} ${d.event_type} ${d.event_id} → endpoint #${d.endpoint_id}  (${d.attempt_count} attempt${d.attempt_count === 1 ? '' : 's'}${next})`,
  ];
  for (const a of d.attempts)
    lines.push(
      `     ${a.attempted_at}  ${a.status_code ?? '---'}  ${String(a.duration_ms).padStart(5)} ms${a.error ? `  ${a.error.replace(/\s+/g, ' ')}` : ''}`,
    );
  return lines.join('\n');
}

/** `npm run portal -- webhook …`: reads the arguments, calls the service, prints its answer. Returns the exit code. */
export async function runWebhookCommand(service: WebhooksService, args: string[], io: CommandOutput): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      events: { type: 'string' },
      description: { type: 'string' },
      endpoint: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
    },
  });
  const [action, argument] = positionals;
  try {
    switch (action) {
      case 'create': {
        const created = await service.create({
          url: values.url ?? '',
          events: (values.events ?? '')
            .split(',')
            .map((type) => type.trim())
            .filter(Boolean) as never,
          description: values.description,
        });
        io.out(`${describeEndpoint(created)}\n\nSigning secret (shown only now; the receiver verifies with it):\n\n  ${created.secret}\n`);
        return 0;
      }
      case 'list': {
        const endpoints = await service.list();
        io.out(
          endpoints.length
            ? `${endpoints.map(describeEndpoint).join('\n')}\n`
            : 'No webhook endpoints yet: npm run portal -- webhook create --url … --events …\n',
        );
        return 0;
      }
      case 'enable':
      case 'disable': {
        const endpoint = await service.setEnabled(idFrom(argument, 'an endpoint id'), action === 'enable');
        io.out(`Webhook endpoint #${endpoint.id} is ${endpoint.enabled ? 'enabled' : 'disabled'}.\n`);
        return 0;
      }
      case 'delete': {
        const id = idFrom(argument, 'an endpoint id');
        await service.remove(id);
        io.out(`Webhook endpoint #${id} and its deliveries are deleted.\n`);
        return 0;
      }
      case 'deliveries': {
        if (values.status !== undefined && !(WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(values.status)) {
          throw new AppError('validation_failed', `--status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}.`);
        }
        const deliveries = await service.deliveries({
          endpointId: values.endpoint === undefined ? undefined : idFrom(values.endpoint, 'an endpoint id'),
          status: values.status as WebhookDeliveryStatus | undefined,
          limit: values.limit === undefined ? undefined : idFrom(values.limit, 'a limit'),
        });
        io.out(deliveries.length ? `${deliveries.map(describeDelivery).join('\n')}\n` : 'No deliveries match.\n');
        return 0;
      }
      case 'retry': {
        const delivery = await service.retry(idFrom(argument, 'a delivery id'));
        io.out(`Delivery #${delivery.id} is due now; the worker sends it at its next poll.\n`);
        return 0;
      }
      default:
        io.err(`Usage:\n${WEBHOOK_USAGE}`);
        return 2;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(`${error.message}\n`);
    return error.code === 'not_found' ? 1 : 2;
  }
}
