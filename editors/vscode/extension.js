// Starts `rulebook lsp` for .rules files and the YAML tables beside them.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("rulebook").get("server.command", "rulebook");
  client = new LanguageClient(
    "rulebook",
    "Rulebook rules",
    { command, args: ["lsp"] },
    {
      // Tables are YAML files in a game's or a mod's folder; the server ignores YAML elsewhere.
      documentSelector: [
        { scheme: "file", language: "rulebook" },
        { scheme: "file", language: "yaml" },
      ],
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
