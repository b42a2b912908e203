// Imported first by worker_runner_test.ts: the suites it imports after this start the Worker runner.
import { runnerMode } from "./_probe.ts";

runnerMode.worker = true;
