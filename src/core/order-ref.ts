/** The order reference shown to people: the last 8 characters of the id, upper-cased ("#1A2B3C4D" without the '#'). */
export const orderRef = (orderId: string) => orderId.slice(-8).toUpperCase();
