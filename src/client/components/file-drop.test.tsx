import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { FileDrop, fileSizeLabel } from "./file-drop.tsx";

afterEach(cleanup);

test("issue 35 (smaller): a 24-byte file shows as 24 bytes, not 0 KB; larger ones in KB and MB", () => {
  render(
    <FileDrop
      label="Upload your run"
      hint="GPX, TCX or FIT"
      file={new File(["x".repeat(24)], "run.gpx")}
      onFile={() => {}}
    />,
  );
  expect(screen.getByText("24 bytes · tap to choose another")).toBeTruthy();
  expect(fileSizeLabel(1)).toBe("1 byte");
  expect(fileSizeLabel(380 * 1024)).toBe("380 KB");
  expect(fileSizeLabel(9.4 * 1024 * 1024)).toBe("9.4 MB");
});
