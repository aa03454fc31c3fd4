import { t } from "@pinjaman/i18n";
import { SANDBOX_BANKS } from "./open-banking-provider.ts";
import "@pinjaman/i18n/ns/media_fields";

export const SANDBOX_CONNECTIONS_PATH = "/pub_api/v1/open/sandbox/open_banking/connections";

/**
 * The sandbox widget as a classic script: it defines window.PinjamanOpenBanking.setup(), which
 * the open_banking field calls (retrying until the script has run). It builds its UI with DOM
 * calls only (no innerHTML, no eval), so it needs nothing from the page's CSP beyond being
 * loaded by a trusted script ('strict-dynamic') and calling our own origin (connect-src 'self').
 */
export function sandboxWidgetScript(): string {
  const texts = {
    title: t("media_fields.open_banking.widget_title"),
    intro: t("media_fields.open_banking.widget_intro"),
    bank: t("media_fields.open_banking.widget_bank"),
    username: t("media_fields.open_banking.widget_username"),
    connect: t("media_fields.open_banking.widget_connect"),
    connecting: t("media_fields.open_banking.widget_connecting"),
    failed: t("media_fields.open_banking.widget_failed"),
  };
  return `(function () {
  "use strict";
  var TEXTS = ${JSON.stringify(texts)};
  var BANKS = ${JSON.stringify(SANDBOX_BANKS)};
  var URL = ${JSON.stringify(SANDBOX_CONNECTIONS_PATH)};
  var seq = 0;
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text) node.textContent = text;
    return node;
  }
  function setup(options) {
    var container = options.container;
    var onEvent = typeof options.onEvent === "function" ? options.onEvent : function () {};
    var id = "pob-" + (++seq);
    var root = el("form", { "class": "pob-widget", "aria-label": TEXTS.title, novalidate: "" });
    root.appendChild(el("h3", { "class": "pob-widget__title" }, TEXTS.title));
    root.appendChild(el("p", { "class": "pob-widget__intro" }, TEXTS.intro));
    root.appendChild(el("label", { "for": id + "-bank" }, TEXTS.bank));
    var bank = el("select", { id: id + "-bank", name: "bank" });
    BANKS.forEach(function (b) { bank.appendChild(el("option", { value: b }, b)); });
    root.appendChild(bank);
    root.appendChild(el("label", { "for": id + "-user" }, TEXTS.username));
    var user = el("input", { id: id + "-user", name: "username", autocomplete: "off" });
    root.appendChild(user);
    var button = el("button", { type: "submit" }, TEXTS.connect);
    root.appendChild(button);
    var status = el("p", { role: "status", "class": "pob-widget__status" });
    root.appendChild(status);
    var closed = false;
    root.addEventListener("submit", function (event) {
      event.preventDefault();
      button.disabled = true;
      status.textContent = TEXTS.connecting;
      fetch(URL, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-Locale": "id" },
        body: JSON.stringify({ data: { flow_progress_id: options.flowProgressId, customer_id: options.customerId || null, bank: bank.value } })
      }).then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error((body && body.error && body.error.message) || TEXTS.failed);
          return body;
        });
      }).then(function (body) {
        if (closed) return;
        status.textContent = "";
        onEvent({ type: "finished", connection_id: body.data.connection_id });
      }).catch(function (error) {
        if (closed) return;
        button.disabled = false;
        status.textContent = error && error.message ? error.message : TEXTS.failed;
        onEvent({ type: "error", message: status.textContent });
      });
    });
    container.appendChild(root);
    onEvent({ type: "loaded" });
    return { destroy: function () { closed = true; if (root.parentNode) root.parentNode.removeChild(root); } };
  }
  window.PinjamanOpenBanking = { setup: setup };
})();
`;
}
