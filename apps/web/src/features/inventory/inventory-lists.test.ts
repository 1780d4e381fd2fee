import { specAssets, specShapedCalls } from '@portal/contract/spec-shaped';
import { describe, expect, it } from 'vitest';
import { assetsMatching, countersFromLists, credentialsMatching } from './inventory-lists';

const credentials = [...specShapedCalls.listCredentials.answer, { ...specShapedCalls.createCredential.answer, notes: 'Rotated monthly' }];

describe('inventory lists searched and counted on the screen', () => {
  it('keeps the assets holding every word of the search in their name, vendor, model, serial number, location or person', () => {
    expect(assetsMatching(specAssets, '').map((asset) => asset.id)).toEqual(['AST-1', 'AST-2']);
    expect(assetsMatching(specAssets, 'CISCO  server').map((asset) => asset.id)).toEqual(['AST-2']);
    expect(assetsMatching(specAssets, 'fay').map((asset) => asset.id)).toEqual(['AST-2']);
    expect(assetsMatching(specAssets, 'sn-0001 reception').map((asset) => asset.id)).toEqual(['AST-1']);
    expect(assetsMatching(specAssets, 'dell cisco')).toEqual([]);
  });

  it('keeps the credentials holding every word in their title, username, website or notes', () => {
    expect(credentialsMatching(credentials, 'payroll').map((credential) => credential.id)).toEqual(['CRED-2']);
    expect(credentialsMatching(credentials, 'router.spec').map((credential) => credential.id)).toEqual(['CRED-1']);
    expect(credentialsMatching(credentials, 'monthly guest').map((credential) => credential.id)).toEqual(['CRED-3']);
    // The password is not searched.
    expect(credentialsMatching(credentials, 'S3cret')).toEqual([]);
  });

  it('counts the Overview’s four figures from the lists', () => {
    expect(countersFromLists(specAssets, [], credentials)).toEqual({ total_assets: 2, active_assets: 1, vendors: 0, credentials: 3 });
  });
});
