// Every table, for the app and for drizzle-kit (drizzle.config.ts reads this file).
export * from './core';
export * from './checkin';
export * from './oidc';
export * from './review';
export * from './admissions';
export * from './announcements';
export * from './questions';
export * from './stations';
export * from './privacy';
export * from './sponsors';
