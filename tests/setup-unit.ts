import { afterEach, vi } from "vitest";

process.env.METADATA_SERVER_DETECTION = "none";

// A test fails on any unexpected console.error: an error the app logs is a bug until a test says otherwise.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEachSpy();

function beforeEachSpy() {
  errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error("console.error was called: " + args.map(String).join(" "));
  });
}

afterEach(() => {
  errorSpy?.mockRestore();
  beforeEachSpy();
});
