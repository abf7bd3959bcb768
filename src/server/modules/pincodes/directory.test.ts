import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../../core/constants';
import { directoryStates, findPincode } from './directory';

describe('pincode directory', () => {
  it('places pincodes in their district and state', () => {
    expect(findPincode('560001')).toEqual({ pincode: '560001', district: 'Bangalore', state: 'Karnataka', states: ['Karnataka'] });
    expect(findPincode('110001')).toMatchObject({ district: 'Central Delhi', state: 'Delhi' });
    expect(findPincode('700016')).toMatchObject({ district: 'Kolkata', state: 'West Bengal' });
  });
  it("uses today's names: Ladakh, the merged Dadra and Nagar Haveli and Daman and Diu, Puducherry, Chhattisgarh", () => {
    expect(findPincode('194101')).toMatchObject({ district: 'Leh', state: 'Ladakh' });
    expect(findPincode('396210')?.state).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(findPincode('605001')?.state).toBe('Puducherry');
    expect(findPincode('492001')?.state).toBe('Chhattisgarh');
    expect(findPincode('744101')?.state).toBe('Andaman and Nicobar Islands');
  });
  it('covers every state and union territory, each spelled as in INDIAN_STATES', () => {
    expect(directoryStates().sort()).toEqual([...INDIAN_STATES].sort());
  });
  it('knows the other state of a pincode that straddles a border', () => {
    const place = findPincode('160003');
    expect(place?.states).toEqual(expect.arrayContaining(['Chandigarh', 'Punjab']));
  });
  it('answers null for an unknown or malformed pincode', () => {
    for (const p of ['999999', '000000', 'abc', '', '5600011', '__proto__', 'constructor']) expect(findPincode(p), p).toBeNull();
  });
});
