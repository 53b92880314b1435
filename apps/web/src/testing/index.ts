export { testEvent, testEventConfig, testPublicSettings } from './event';
export { renderWithProviders, type RenderOptions } from './render';
