/** Where providers post their signed notifications: one path per provider that sends them. */
export const PAYMENT_NOTICE_PATHS = ['/api/payments/notify/test', '/api/payments/notify/card'] as const;
