/** The services capability's public entry (decision 0041): what other modules use of it. The services table is this module's. */
export { servicesOfAccount } from './services.service.js';
export { recentServices, serviceFigures } from './service-figures.repository.js';
export { createServiceSync, type ServiceSync, type ServiceRow, type ServiceItem } from './service-sync.js';
export { lockAccountService } from './services.repository.js';
