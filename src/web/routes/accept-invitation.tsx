/** /accept-invitation: placeholder while this screen is built. */
export default function AcceptInvitation() {
  return <h1 className="text-2xl font-semibold text-stone-900">Join the team</h1>;
}
