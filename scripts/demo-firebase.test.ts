import { describe, expect, it } from "vitest";
import { FIREBASE_DEFAULT_PORTS, demoOptions } from "./demo-firebase";
import { consecutivePorts } from "./firebase-emulators";

describe("npm run demo:firebase's command line", () => {
  it("serves the app on PORT or 3000 and the emulators on Firebase's usual ports by default", () => {
    expect(demoOptions([], {})).toEqual({ port: 3000, emulatorPorts: { firestore: 8080, auth: 9099, hub: 4400, logging: 4500, storage: 9199 } });
    expect(demoOptions([], { PORT: "4100" })).toEqual({ port: 4100, emulatorPorts: FIREBASE_DEFAULT_PORTS });
  });

  it("takes --port over PORT, and puts the five emulator ports in a row from --emulator-ports", () => {
    expect(demoOptions(["--port", "3315", "--emulator-ports", "3380"], { PORT: "4100" })).toEqual({
      port: 3315,
      emulatorPorts: { firestore: 3380, auth: 3381, hub: 3382, logging: 3383, storage: 3384 },
    });
    expect(consecutivePorts(3380)).toEqual(demoOptions(["--emulator-ports", "3380"], {}).emulatorPorts);
  });

  it("refuses what is not a port, an app port among the emulators' and unknown options, naming them", () => {
    expect(() => demoOptions(["--port", "web"], {})).toThrowError(/--port must be a port number/);
    expect(() => demoOptions([], { PORT: "70000" })).toThrowError(/PORT must be a port number/);
    expect(() => demoOptions(["--emulator-ports", "65533"], {})).toThrowError(/--emulator-ports must be a port number \(1–65531\)/);
    expect(() => demoOptions(["--port", "3382", "--emulator-ports", "3380"], {})).toThrowError(/--port 3382 is one of the emulators' ports/);
    expect(() => demoOptions(["--ports", "1"], {})).toThrowError(/--ports/);
  });
});
