export { testEvent, testEventConfig, testPublicSettings } from './event';
export { renderWithProviders, type RenderOptions } from './render';
export { testCustomQuestion, testQuestionId } from './custom-questions';
