/**
 * Pincodes and delivery: what the storefront shows for a pincode and the address checks
 * of checkout and the profile. The place comes from the offline directory (directory.ts); whether
 * the shop delivers there, cash on delivery and the dates come from the shop settings.
 */
import type { PincodeCheck } from '../../../core/pincode-check';
import type { ShopSettings } from '../../../core/schemas/settings';
import { badRequest, notFound } from '../../errors';
import { estimateDelivery } from './delivery-date';
import { findPincode } from './directory';

export const UNKNOWN_PINCODE = 'We could not find this pincode';

export interface PincodeService {
  /**
   * GET /api/pincodes/{pincode}: place, serviceable, COD and the delivery window (IST dates; null
   * when not serviceable). Throws 404 UNKNOWN_PINCODE when the directory does not know the pincode.
   */
  lookup(pincode: string): Promise<PincodeCheck>;
  /**
   * Refuses (400, `errors.pincode`) an address whose pincode the directory places in another state
   * ('Pincode 560001 is in Karnataka, not Kerala') and, with `delivery`, a pincode the shop does not
   * deliver to. A pincode the directory does not know passes: the directory is older than the
   * newest pincodes and the courier is the final judge.
   */
  checkAddress(address: { pincode: string; state: string }, opts?: { delivery?: boolean }): Promise<void>;
}

/** Builds the service; `settings` reads the current shop settings, `now` the clock. */
export function createPincodeService(deps: { settings: () => Promise<ShopSettings>; now?: () => Date }): PincodeService {
  const now = deps.now ?? (() => new Date());
  return {
    async lookup(pincode) {
      const place = findPincode(pincode);
      if (!place) throw notFound(UNKNOWN_PINCODE);
      const settings = await deps.settings();
      const serviceable = !settings.delivery.nonServiceablePincodes.includes(pincode);
      return {
        pincode,
        district: place.district,
        state: place.state,
        serviceable,
        cod: serviceable && settings.cod.enabled && !settings.cod.blockedPincodes.includes(pincode),
        estimatedDelivery: serviceable ? estimateDelivery(now(), settings.delivery, settings.state, place) : null,
      };
    },
    async checkAddress({ pincode, state }, opts = {}) {
      const place = findPincode(pincode);
      if (place && !place.states.includes(state)) {
        const message = `Pincode ${pincode} is in ${place.state}, not ${state}`;
        throw badRequest(message, { pincode: message });
      }
      if (opts.delivery && (await deps.settings()).delivery.nonServiceablePincodes.includes(pincode)) {
        const message = `Sorry, we do not deliver to pincode ${pincode} yet`;
        throw badRequest(message, { pincode: message });
      }
    },
  };
}
