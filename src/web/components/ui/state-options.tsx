/**
 * The options of a state <select>: a prompt, then the 36 Indian states and union territories.
 */
import { INDIAN_STATES } from '../../../core/constants';

/** '<option>'s for a Select of Indian states (the empty first option is the prompt). */
export function StateOptions() {
  return (
    <>
      <option value="">Select a state</option>
      {INDIAN_STATES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </>
  );
}
