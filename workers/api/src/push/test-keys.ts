/**
 * The VAPID key pair of local runs and tests (`.dev.vars` as scripts/suite.ts writes it, the workerd tests'
 * bindings in vitest.config.ts): published here, so never a deployment's. `npm run vapid` makes a real one.
 */
export const TEST_VAPID = {
  privateKey: "GmZUfgKq9VwZnHSodXfwxu-u8fylC7XbxWs6l7MX7BE",
  publicKey: "BGxFoA5GMNxx1f_WKdyviOJswR1CxLLSmXM1FenytQI5b7gkwjlkw-9iV2mCYgFzOGLcjZccMP1ya9iC2EPyYrY",
  subject: "mailto:push@nook.localhost",
} as const;
