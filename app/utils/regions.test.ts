import { describe, expect, it } from "vitest";
import { langCodes } from "#app/i18n";
import { getFixedT } from "#app/.server/i18n";
import { demoPorts } from "#app/.server/seed/ports";
import { regionKey, regionName } from "./regions";

describe("region names", () => {
  it("name the regions in each language, towns and ports left as they are", () => {
    const names = (region: string) => langCodes.map((lang) => regionName(getFixedT(lang, "common"), region));
    expect(names("Islas Baleares")).toEqual(["Islas Baleares", "Balearic Islands", "Îles Baléares", "Balearen"]);
    expect(names("Cataluña")).toEqual(["Cataluña", "Catalonia", "Catalogne", "Katalonien"]);
    expect(names("Comunidad Valenciana")).toEqual(["Comunidad Valenciana", "Valencian Community", "Communauté valencienne", "Valencianische Gemeinschaft"]);
    expect(names("Andalucía")).toEqual(["Andalucía", "Andalusia", "Andalousie", "Andalusien"]);
    // A region nobody translated yet shows as stored.
    expect(names("Atlántida")).toEqual(["Atlántida", "Atlántida", "Atlántida", "Atlántida"]);
  });

  it("has a name in every language for every demo port's region", () => {
    for (const port of demoPorts) {
      for (const lang of langCodes) {
        expect(getFixedT(lang, "common")(`regions.${regionKey(port.region)}`, { defaultValue: "" }), `${port.region} in ${lang}`).not.toBe("");
      }
    }
  });
});
