<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name></name>
    <message>
        <source>not an ability the engine knows (declare it from building blocks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — no effect in the engine yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write whole numbers separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write a number ≥ 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add ability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ability: the unit plays by its card values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(card)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read by this ability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated: {note}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add ability {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove ability {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit parameter {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · special</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed {speed} · range {lo}–{hi}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hits {values}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost {coins} coins · {bonds} war bonds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>abilities: {ids}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no abilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All nations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New unit type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New &amp;special unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New unit type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id (lower case letters, digits, _):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New unit {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate unit {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete unit {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit {field}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>est.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated: our guess, not a number printed in the rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note (why estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{where} cannot be set: the file has another kind of value around it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fix the problem listed for the enclosing value first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New unit &amp;catalog…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New &amp;ruleset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project — {folder}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No content files in this folder (*.map.yaml, *.catalog.yaml, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path}: the Studio has no editor for this kind of content yet (hint: edit it as text and run tcstudio validate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open content folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path} exists already (hint: pick another id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name (en)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name (de)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current (coins)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>earlier (war bonds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Currency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>war bonds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting money {nation}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Income per fort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gift fee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repair paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flat price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>card price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flat repair price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Special unit price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Special unit bought</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden (drawn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>free choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Money</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Combat and experience</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destroyed at damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit bonus per level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pincer dice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encirclement dice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XP for damaging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XP for destroying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XP to veteran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XP to hero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last step to meadow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Victory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forts to win (2 players)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forts to win (4 players)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destroying every enemy unit wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit units of one type per player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most units of one type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variants (RULES §11)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit type id: lower case letters, digits and _</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>German name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The unit class the rules refer to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The nations that can field it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Special / Legacy unit (bought hidden, RULES §5.5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>special</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Movement and attack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Movement points per turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest distance it attacks at (0: cannot)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ground</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>air</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it can attack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit values (d12 roll ≤ value hits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vs tank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vs foot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Armour: hits needed for damage 1…6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost, repair and flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current edition price (&apos;—&apos;: not sold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier edition price (&apos;—&apos;: not sold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passengers a transport carries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transportable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transportable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can capture forts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>can capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine does not know this variant (known: {ids})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine does not play this variant yet ({rule}): switching it on would change nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot be switched on: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch {variant} {state}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: not a value (write a number, true/false, a list [a, b] or a mapping {{k: v}})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit {variant} {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems: the file validates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content (*.yaml *.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved with errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} error(s) remain; the file is saved but will not load until they are fixed.
First: {where}: {message} (hint: {hint})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path}: {error}
(hint: check the folder exists and is writable; your edits are still open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write the recovery copy: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comments will be dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has comments. Saving writes the data in canonical form without them.

Save anyway? (Save As… keeps the original file as it is.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario {name} has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write the hex as column, row (e.g. 5, 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (one of {names})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triggers — {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fires once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conditions (all must hold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actions (in order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change what fires the trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Toggle once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write a hex as column, row (e.g. 1, 11) or a fort id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-placed units — {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add pre-placed unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove pre-placed unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit pre-placed unit {column}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AreaEditorWindow</name>
    <message>
        <source>Properties</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Area Map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play-test…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>City</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attack line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tool (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner of new cities and bases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the changes to this area map?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open area map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content (*.yaml *.yml *.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save area map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML (*.yaml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot play-test</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AreaPlaytestWindow</name>
    <message>
        <source>Do it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AI move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AI plays the other side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legal actions (double-click to play):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play-test — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game over (%1): winners %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round %1, %2 — %3 to act</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no defender: a city at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(win %1 %, both fall %2 %, lose %3 %)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AreaProperties</name>
    <message>
        <source>Nothing selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nations and designations allowed here, e.g. RU, DE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replacement city</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name (de)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name (en)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theatre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Front %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>City %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit properties</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
