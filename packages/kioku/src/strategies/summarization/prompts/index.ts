export { generalPrompt } from './general-prompt.js';
export { securityInvestigationPrompt } from './security-investigation-prompt.js';
