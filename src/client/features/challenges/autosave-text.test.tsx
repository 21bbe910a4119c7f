import { act, render, screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { advance, runOnFakeClock, setupUser } from "#client/testing.ts";
import { AutosaveText } from "./autosave-text.tsx";
import { autosaveDelayMs } from "./use-autosave.ts";

const label = "Immediate Milestone of challenge 1";

type Save = (text: string) => Promise<unknown>;

/** The field in view mode with "Sketch the table" saved, and a user about to edit it. */
function renderField(onSave: Save, props: Partial<React.ComponentProps<typeof AutosaveText>> = {}) {
  render(<AutosaveText label={label} value="Sketch the table" onSave={onSave} {...props} />);
  return setupUser();
}

// Label and text lookups rather than role queries: those cost seconds in jsdom on a busy machine.
async function startEditing(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByLabelText(`Edit ${label}`));
  return screen.getByLabelText<HTMLTextAreaElement>(label);
}

/** A save the test settles by hand, to look at the field while the server is still busy. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const savedTick = () => screen.queryByTestId("saved-tick");
const savingIndicator = () => screen.queryByText("Saving...");
const editor = () => screen.queryByLabelText(label);
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? null;

runOnFakeClock();

// A generous limit: the fake clock makes every wait instant, but a busy machine renders slowly.
describe("AutosaveText", { timeout: 20_000 }, () => {
  test("saves 1.8 s after the last keystroke: 'Saving...' while waiting, then the green tick", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue(undefined);
    const user = renderField(onSave);
    await user.type(await startEditing(user), " tonight");

    expect(savingIndicator()).not.toBeNull();
    await advance(autosaveDelayMs - 1);
    expect(onSave).not.toHaveBeenCalled();
    expect(savedTick()).toBeNull();

    await advance(1);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith("Sketch the table tonight");
    expect(savedTick()?.textContent).toContain("Saved");
    expect(savingIndicator()).toBeNull();
  });

  test("each keystroke restarts the 1.8 s: one save, of the latest text", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue(undefined);
    const user = renderField(onSave);
    const field = await startEditing(user);
    await user.type(field, " and");
    await advance(1000);
    await user.type(field, " the legs");
    await advance(1000);
    // 2 s after the first keystroke, but only 1 s after the last one.
    expect(onSave).not.toHaveBeenCalled();

    await advance(autosaveDelayMs - 1000);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith("Sketch the table and the legs");
  });

  test("the tick waits for the server: 'Saving...' stays until the save resolves", async () => {
    const save = deferred();
    const onSave = vi.fn<Save>().mockReturnValue(save.promise);
    const user = renderField(onSave);
    await user.type(await startEditing(user), "!");
    await advance(autosaveDelayMs);

    expect(onSave).toHaveBeenCalledTimes(1);
    expect(savingIndicator()).not.toBeNull();
    expect(savedTick()).toBeNull();

    await act(async () => save.resolve());
    expect(savedTick()).not.toBeNull();
    expect(savingIndicator()).toBeNull();
  });

  test("Enter ends editing and saves at once; Shift+Enter starts a new line", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue(undefined);
    const user = renderField(onSave);
    const field = await startEditing(user);
    await user.type(field, " tonight{Shift>}{Enter}{/Shift}and list the wood");
    expect(field.value).toBe("Sketch the table tonight\nand list the wood");
    expect(editor()).not.toBeNull();

    await user.keyboard("{Enter}");
    await advance(0);
    expect(editor()).toBeNull();
    expect(onSave).toHaveBeenCalledWith("Sketch the table tonight\nand list the wood");
    expect(screen.getByText(/and list the wood/).textContent).toBe("Sketch the table tonight\nand list the wood");
    expect(savedTick()).not.toBeNull();

    // The pending autosave was cancelled: nothing is saved a second time.
    await advance(autosaveDelayMs * 2);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  test("a failed save shows the server's message and no tick; the next edit saves again", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const onSave = vi
      .fn<Save>()
      .mockRejectedValueOnce(new Error("Failed to update milestone. Please try again."))
      .mockResolvedValue(undefined);
    const user = renderField(onSave);
    const field = await startEditing(user);
    await user.type(field, "!");
    await advance(autosaveDelayMs);

    expect(alertText()).toBe("Failed to update milestone. Please try again.");
    expect(savedTick()).toBeNull();
    expect(consoleError).toHaveBeenCalledWith("Autosave failed", expect.any(Error));

    await user.type(field, "!");
    expect(alertText()).toBeNull();
    await advance(autosaveDelayMs);
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith("Sketch the table!!");
    expect(savedTick()).not.toBeNull();
  });

  test("a required field left empty says so and saves nothing", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue(undefined);
    const user = renderField(onSave, { required: "Title is required", multiline: false });
    await user.clear(await startEditing(user));
    await advance(autosaveDelayMs);

    expect(alertText()).toContain("Title is required");
    expect(onSave).not.toHaveBeenCalled();
  });

  test("cleared text is never saved, and the last saved text comes back (Restore, or Done on an empty field)", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue(undefined);
    const user = renderField(onSave);
    const field = await startEditing(user);
    await user.clear(field);
    await advance(autosaveDelayMs * 2);

    expect(onSave).not.toHaveBeenCalled();
    expect(alertText()).toContain("Empty text is not saved.");
    await user.click(screen.getByText("Restore the saved text", { selector: "button" }));
    expect(screen.getByText("Sketch the table")).not.toBeNull();
    expect(editor()).toBeNull();

    await user.clear(await startEditing(user));
    await user.click(screen.getByText("Done", { selector: "button" }));
    await advance(autosaveDelayMs * 2);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText("Sketch the table")).not.toBeNull();
  });

  test("Cancel (or Escape) restores the text from before editing and saves nothing", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue(undefined);
    const user = renderField(onSave);
    await user.type(await startEditing(user), " and scrap that");
    await user.click(screen.getByText("Cancel", { selector: "button" }));
    expect(screen.getByText("Sketch the table")).not.toBeNull();

    const field = await startEditing(user);
    expect(field.value).toBe("Sketch the table");
    await user.type(field, " and scrap that too{Escape}");
    await advance(autosaveDelayMs * 2);

    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText("Sketch the table")).not.toBeNull();
    expect(savingIndicator()).toBeNull();
  });

  test("issue 35 row 7: editing opens with the cursor after the text; Cancel puts back what was there before, also after an autosave", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue(undefined);
    const user = renderField(onSave);
    const field = await startEditing(user);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([field.value.length, field.value.length]);

    // Half-typed, autosaved, then Cancel: the text from before editing is shown and saved again.
    await user.keyboard(" and the ch");
    await advance(autosaveDelayMs);
    expect(onSave).toHaveBeenLastCalledWith("Sketch the table and the ch");
    await user.click(screen.getByText("Cancel", { selector: "button" }));
    await advance(0);
    expect(onSave).toHaveBeenLastCalledWith("Sketch the table");
    expect(screen.getByText("Sketch the table")).not.toBeNull();
    expect(savedTick()).not.toBeNull();
  });

  test("issue 35 row 7: Cancel while an autosave is still on its way puts the old text back once it lands", async () => {
    const first = deferred();
    const onSave = vi.fn<Save>().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const user = renderField(onSave);
    await startEditing(user);
    await user.keyboard(" and the ch");
    await advance(autosaveDelayMs);
    await user.keyboard("{Escape}");
    expect(onSave).toHaveBeenCalledTimes(1);

    await act(async () => first.resolve());
    expect(onSave.mock.calls.map(([text]) => text)).toEqual(["Sketch the table and the ch", "Sketch the table"]);
    expect(screen.getByText("Sketch the table")).not.toBeNull();
  });

  test("saves run one after another: a newer text is sent only once the older save has landed", async () => {
    const first = deferred();
    const onSave = vi.fn<Save>().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const user = renderField(onSave);
    const field = await startEditing(user);
    await user.type(field, " A");
    await advance(autosaveDelayMs);
    await user.type(field, " B");
    await advance(autosaveDelayMs);
    expect(onSave).toHaveBeenCalledTimes(1);

    await act(async () => first.resolve());
    expect(onSave.mock.calls.map(([text]) => text)).toEqual(["Sketch the table A", "Sketch the table A B"]);
    expect(savedTick()).not.toBeNull();
  });
});
