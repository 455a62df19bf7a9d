// Building the page: elements from tags, attributes and text only. Text
// always goes in as a text node, never as HTML, so a habit named
// "<img src=x onerror=alert(1)>" shows as those characters.

/** An element: `h("button", { class: "primary", onclick }, "Save")`. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "style") for (const [key, v] of Object.entries(value)) element.style.setProperty(key, v);
    else if (name in element && typeof value !== "string") element[name] = value;
    else element.setAttribute(name, value === true ? "" : value);
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces the main area with `children` and moves focus to its heading. */
export function show(...children) {
  const main = document.getElementById("main");
  main.replaceChildren();
  append(main, children);
  const heading = main.querySelector("h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

export function loading(text = "Loading…") {
  return h("p", { class: "loading", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), text);
}

/** Asks a yes-or-no question in a modal dialog; resolves to true for yes. */
export function confirmDialog(question, yes) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { "aria-labelledby": "confirm-title" },
      h("h2", { id: "confirm-title" }, question),
      h("div", { class: "row" },
        h("button", { class: "danger", value: "yes", onclick: () => dialog.close("yes") }, yes),
        h("button", { value: "no", onclick: () => dialog.close("no"), autofocus: true }, "Cancel")));
    dialog.addEventListener("close", () => { dialog.remove(); resolve(dialog.returnValue === "yes"); });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** A number without float noise: 0.1 + 0.2 shows as 0.3. */
export function amount(value) {
  return String(Math.round(value * 1e6) / 1e6);
}

/** Saves text as a file download. */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
