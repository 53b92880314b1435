// The question catalogue: each application question declared once (questions/catalogue.ts).
export * from './questions/types';
export * from './questions/options';
export * from './questions/catalogue';
export * from './questions/schema';
export * from './questions/columns';
export * from './questions/display';
export * from './questions/form';
