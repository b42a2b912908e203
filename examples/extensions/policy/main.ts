// policy: three interceptors that shape a session. Secrets in the model's
// answers are redacted on screen (the transcript keeps the original), a prompt
// stops after a budget of model turns, and the system prompt gains a house rule.
import { Extension } from "./zot_sdk/sdk/mod.ts";

const ext = new Extension("policy", "1.0.0");

// API keys in the shapes providers issue them (OpenAI/Anthropic, AWS, GitHub).
const SECRET = /\b(?:sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|ghp_[A-Za-z0-9]{36})\b/g;

// The user sees "[redacted]"; the model still sees what it said on later turns.
ext.interceptAssistantMessage((text) => {
  const shown = text.replace(SECRET, "[redacted]");
  if (shown !== text) return { replace_text: shown };
});

// `step` counts model turns within one prompt (1, 2, …): a runaway tool loop
// ends here with the reason shown to the user.
const MAX_STEPS = 20;
ext.interceptTurnStart((step) => {
  if (step > MAX_STEPS) {
    return { block: true, reason: `policy: stopped after ${MAX_STEPS} model turns` };
  }
});

// Runs once per session (and after /model, /clear, /reload-ext): the reply is
// the complete prompt, so keep what zot assembled and add to it.
const HOUSE_RULE = "House rule: never print credentials; refer to them by their name.";
ext.interceptBeforeAgentStart((req) => `${req.system_prompt}\n\n${HOUSE_RULE}`);

await ext.run();
