/**
 * Browser task scheduling for the first load (issue 8: Total Blocking Time).
 */

const queued: Array<() => void> = [];
let channel: MessageChannel | null = null;

/**
 * Runs `run` in a task of its own, right after the current one and any already queued (one
 * MessageChannel message per call; unlike a timer it is not throttled or clamped). Browser only.
 */
export function inNextTask(run: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queued.shift()?.();
  }
  queued.push(run);
  channel.port2.postMessage(null);
}
