<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es" sourcelanguage="en">
<context>
    <name>AccountCommands</name>
    <message>
        <location filename="../desktop/ui/shell/account_commands.py" line="+75"/>
        <source>Added account {name}.</source>
        <translation>Cuenta {name} añadida.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Removed account {name}.</source>
        <translation>Cuenta {name} eliminada.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The secret of {name} was changed.</source>
        <translation>Se cambió el secreto de {name}.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Account {name} was changed.</source>
        <translation>Se cambió la cuenta {name}.</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Account {name} · {folder}</source>
        <translation>Cuenta {name} · {folder}</translation>
    </message>
</context>
<context>
    <name>AccountSwitcher</name>
    <message>
        <location filename="../desktop/ui/accounts/switcher.py" line="+116"/>
        <source>Not available: the settings never carry context between {old} and {new} (Settings → Switching accounts).</source>
        <translation>No disponible: los ajustes nunca transfieren el contexto entre {old} y {new} (Ajustes → Cambio de cuenta).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Switch account</source>
        <translation>Cambiar de cuenta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move this conversation from {account} to another account. The next turn starts a new session there.</source>
        <translation>Mueve esta conversación de {account} a otra cuenta. El siguiente turno inicia allí una sesión nueva.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Account:</source>
        <translation>&amp;Cuenta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carry over conversation context</source>
        <translation>Transferir el contexto de la conversación</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Seeds the new account&apos;s session with your recent conversation. The prior conversation content is sent to Anthropic under the new account.</source>
        <translation>Inicia la sesión de la nueva cuenta con tu conversación reciente. El contenido anterior de la conversación se envía a Anthropic con la nueva cuenta.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>S&amp;witch</source>
        <translation>&amp;Cambiar</translation>
    </message>
</context>
<context>
    <name>AccountsPane</name>
    <message>
        <location filename="../desktop/ui/sessions/navigation.py" line="+162"/>
        <location line="+1"/>
        <source>Accounts</source>
        <translation>Cuentas</translation>
    </message>
</context>
<context>
    <name>ActivityLine</name>
    <message>
        <location filename="../desktop/ui/runs/activity.py" line="+44"/>
        <source>Starting claude</source>
        <translation>Iniciando claude</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claude is working on it</source>
        <translation>Claude está trabajando en ello</translation>
    </message>
</context>
<context>
    <name>AddAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="+114"/>
        <source>Add account</source>
        <translation>Añadir cuenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nombre:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. work</source>
        <translation>p. ej. trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Config folder:</source>
        <translation>&amp;Carpeta de configuración:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. ~/.claude-work</source>
        <translation>p. ej. ~/.claude-trabajo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The folder Claude Code uses for this account (its CLAUDE_CONFIG_DIR).</source>
        <translation>La carpeta que Claude Code usa para esta cuenta (su CLAUDE_CONFIG_DIR).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Signs in with:</source>
        <translation>&amp;Inicia sesión con:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>S&amp;ecret:</source>
        <translation>&amp;Secreto:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept in the OS keyring, never in a file. Leave it empty to set it later (sessiondesk accounts set-secret).</source>
        <translation>Se guarda en el llavero del sistema, nunca en un archivo. Déjalo vacío para indicarlo más tarde (sessiondesk accounts set-secret).</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Choose the account&apos;s config folder</source>
        <translation>Elige la carpeta de configuración de la cuenta</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Give the account a name.</source>
        <translation>Ponle un nombre a la cuenta.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose the account&apos;s config folder.</source>
        <translation>Elige la carpeta de configuración de la cuenta.</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../desktop/app.py" line="+199"/>
        <source>Sessiondesk is already open on {home} but does not answer.</source>
        <translation>Sessiondesk ya está abierto en {home} pero no responde.</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>Sessiondesk cannot start</source>
        <translation>Sessiondesk no puede iniciarse</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Sessiondesk</source>
        <translation>Sessiondesk</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Something went wrong</source>
        <translation>Algo salió mal</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+52"/>
        <source>Sessiondesk hit an internal error. Details were written to {path}.</source>
        <translation>Sessiondesk sufrió un error interno. Los detalles se guardaron en {path}.</translation>
    </message>
</context>
<context>
    <name>ArchiveRemover</name>
    <message>
        <location filename="../desktop/ui/settings/archive_removal.py" line="+62"/>
        <source>Its original is still on disk: the session stays in the list, and the archive copies it again at the next reading while keeping copies is on.</source>
        <translation>Su original sigue en el disco: la sesión se queda en la lista, y el archivo la vuelve a copiar en la próxima lectura mientras guardar copias esté activado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Claude Code deleted its original: with the copy gone, the session leaves the list and can no longer be opened or searched.</source>
        <translation>Claude Code borró su original: sin la copia, la sesión sale de la lista y ya no se puede abrir ni buscar.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Remove Archived Copy</source>
        <translation>Eliminar copia archivada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the archived copy of {session} ({size})?</source>
        <translation>¿Eliminar la copia archivada de {session} ({size})?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Remove Copy</source>
        <translation>&amp;Eliminar copia</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Removed {count} archived copies; {size} freed.</source>
        <translation>Se eliminaron {count} copias archivadas; se liberaron {size}.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing was removed: {reason}</source>
        <translation>No se eliminó nada: {reason}</translation>
    </message>
</context>
<context>
    <name>ArchiveSection</name>
    <message>
        <location filename="../desktop/ui/settings/archive_section.py" line="+67"/>
        <source>Archive</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keep a compressed copy of every transcript</source>
        <translation>&amp;Guardar una copia comprimida de cada transcripción</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Prune Archive…</source>
        <translation>&amp;Depurar el archivo…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Claude Code deletes transcripts after some weeks; with a copy, such a session still opens, searches, exports and continues.</source>
        <translation>Claude Code borra las transcripciones al cabo de unas semanas; con una copia, esa sesión se sigue abriendo, buscando, exportando y continuando.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Measuring the archive…</source>
        <translation>Midiendo el archivo…</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln transcripts, {stored} on disk ({original} uncompressed), in {folder}</source>
        <translation>
            <numerusform>%Ln transcripción, {stored} en disco ({original} sin comprimir), en {folder}</numerusform>
            <numerusform>%Ln transcripciones, {stored} en disco ({original} sin comprimir), en {folder}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <location filename="../desktop/ui/runs/attachments.py" line="+164"/>
        <source>pasted image {n}</source>
        <translation>imagen pegada {n}</translation>
    </message>
</context>
<context>
    <name>AttachmentTile</name>
    <message>
        <location line="-48"/>
        <source>Remove this image</source>
        <translation>Quitar esta imagen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove image {name}</source>
        <translation>Quitar la imagen {name}</translation>
    </message>
</context>
<context>
    <name>AuthKind</name>
    <message>
        <location filename="../desktop/ui/sessions/navigation.py" line="-54"/>
        <source>Login stored in its config folder</source>
        <translation>Sesión guardada en su carpeta de configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anthropic API key</source>
        <translation>Clave de API de Anthropic</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OAuth token (claude setup-token)</source>
        <translation>Token OAuth (claude setup-token)</translation>
    </message>
</context>
<context>
    <name>BranchBanner</name>
    <message>
        <location filename="../desktop/ui/runs/branch_banner.py" line="+47"/>
        <source>Edit the prompt: the next turn re-runs node {node} as a new branch (the old branch stays).</source>
        <translation>Edite la indicación: el siguiente turno vuelve a ejecutar el nodo {node} como una rama nueva (la rama anterior se conserva).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The next turn forks from node {node}: a new conversation.</source>
        <translation>El próximo turno se bifurca desde el nodo {node}: una conversación nueva.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The next turn continues from node {node}.</source>
        <translation>El próximo turno continúa desde el nodo {node}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>BranchFlow</name>
    <message>
        <location filename="../desktop/ui/runs/branch_flow.py" line="+90"/>
        <source>Sessiondesk did not send this prompt: nothing to re-run.</source>
        <translation>Sessiondesk no envió esta indicación: no hay nada que volver a ejecutar.</translation>
    </message>
</context>
<context>
    <name>BundleWork</name>
    <message>
        <location filename="../desktop/ui/library/bundle_work.py" line="+70"/>
        <source>Refused, nothing was changed: {reason}</source>
        <translation>Rechazado, no se cambió nada: {reason}</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Continues {code}: its session is resumed, and only the other items&apos; text is sent.</source>
        <translation>Continúa {code}: se reanuda su sesión y solo se envía el texto de los demás elementos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Starts a new conversation with every item&apos;s text: {reason}</source>
        <translation>Empieza una conversación nueva con el texto de cada elemento: {reason}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>its latest conversation {code} is under another account.</source>
        <translation>su última conversación, {code}, pertenece a otra cuenta.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its latest conversation {code} has no session yet.</source>
        <translation>su última conversación, {code}, aún no tiene sesión.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its latest conversation {code} ran in another folder.</source>
        <translation>su última conversación, {code}, se ejecutó en otra carpeta.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the session of {code} is no longer on disk.</source>
        <translation>la sesión de {code} ya no está en el disco.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the bundle holds no conversation.</source>
        <translation>el paquete no contiene ninguna conversación.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Gathering the context of “{name}”…</source>
        <translation>Reuniendo el contexto de «{name}»…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Continued {code} with the context of “{name}”, resuming its session.</source>
        <translation>Se continuó {code} con el contexto de «{name}», reanudando su sesión.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Started a conversation with the context of “{name}”.</source>
        <translation>Se empezó una conversación con el contexto de «{name}».</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Export “{name}” to</source>
        <translation>Exportar «{name}» a</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Exporting “{name}”…</source>
        <translation>Exportando «{name}»…</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Exported to {path}: %Ln transcripts.</source>
        <translation>
            <numerusform>Exportado a {path}: %Ln transcripción.</numerusform>
            <numerusform>Exportado a {path}: %Ln transcripciones.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln sessions without a transcript were left out.</source>
        <translation>
            <numerusform>Se omitió %Ln sesión sin transcripción.</numerusform>
            <numerusform>Se omitieron %Ln sesiones sin transcripción.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <source>Import a bundle</source>
        <translation>Importar un paquete</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Under which account should its conversations be kept?</source>
        <translation>¿Con qué cuenta se guardan sus conversaciones?</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Checking and importing {path}…</source>
        <translation>Comprobando e importando {path}…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Imported the bundle “{name}”: conversations {codes}.</source>
        <translation>Se importó el paquete «{name}»: conversaciones {codes}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Add to bundle</source>
        <translation>Añadir a un paquete</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add this session to the bundle (a new name creates one):</source>
        <translation>Añadir esta sesión al paquete (un nombre nuevo crea uno):</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not add to the bundle: {reason}</source>
        <translation>No se pudo añadir al paquete: {reason}</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Added to the bundle “{name}”, now %Ln items.</source>
        <translation>
            <numerusform>Añadido al paquete «{name}», que ahora tiene %Ln elemento.</numerusform>
            <numerusform>Añadido al paquete «{name}», que ahora tiene %Ln elementos.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BundlesPage</name>
    <message>
        <location filename="../desktop/ui/library/bundles_page.py" line="+123"/>
        <source>Bundles</source>
        <translation>Paquetes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bundles:</source>
        <translation>&amp;Paquetes:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New…</source>
        <translation>&amp;Nuevo…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;name…</source>
        <translation>Re&amp;nombrar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete</source>
        <translation>&amp;Borrar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Import…</source>
        <translation>&amp;Importar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;escription:</source>
        <translation>D&amp;escripción:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>I&amp;tems, in the order they are loaded:</source>
        <translation>&amp;Elementos, en el orden en que se cargan:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Up</source>
        <translation>&amp;Subir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Do&amp;wn</source>
        <translation>Ba&amp;jar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add…</source>
        <translation>&amp;Añadir…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add N&amp;ote…</source>
        <translation>Añadir n&amp;ota…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load Context…</source>
        <translation>&amp;Cargar contexto…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new conversation seeded with these items</source>
        <translation>Empezar una conversación nueva con estos elementos como contexto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the item up</source>
        <translation>Subir el elemento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the item down</source>
        <translation>Bajar el elemento</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Note: {text}</source>
        <translation>Nota: {text}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(no longer listed)</source>
        <translation>(ya no aparece en la lista)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session {id} · {title}</source>
        <translation>Sesión {id} · {title}</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Created the bundle “{name}”.</source>
        <translation>Se creó el paquete «{name}».</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Renamed to “{name}”.</source>
        <translation>Renombrado a «{name}».</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Description saved.</source>
        <translation>Descripción guardada.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Deleted the bundle “{name}”.</source>
        <translation>Se borró el paquete «{name}».</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Added.</source>
        <translation>Añadido.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Note added.</source>
        <translation>Nota añadida.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Moved.</source>
        <translation>Movido.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Removed from the bundle.</source>
        <translation>Quitado del paquete.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>New bundle</source>
        <translation>Paquete nuevo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A name for the bundle:</source>
        <translation>Un nombre para el paquete:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rename bundle</source>
        <translation>Renombrar paquete</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A new name for the bundle:</source>
        <translation>Un nombre nuevo para el paquete:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a note</source>
        <translation>Añadir una nota</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The note&apos;s text:</source>
        <translation>El texto de la nota:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add to the bundle</source>
        <translation>Añadir al paquete</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversations (SESS-042 or id) or session ids, separated by spaces:</source>
        <translation>Conversaciones (SESS-042 o id) o ids de sesión, separados por espacios:</translation>
    </message>
</context>
<context>
    <name>CarryNotice</name>
    <message>
        <location filename="../desktop/ui/accounts/switcher.py" line="+24"/>
        <source>Nothing could be carried from the earlier account (its transcript is missing or unreadable): this turn started a fresh session.</source>
        <translation>No se pudo transferir nada de la cuenta anterior (su transcripción falta o no se puede leer): este turno empezó una sesión nueva.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nothing was carried from the earlier account: its transcript is damaged (some lines cannot be read). This turn started a fresh session.</source>
        <translation>No se trajo nada de la cuenta anterior: su transcripción está dañada (algunas líneas no se pueden leer). Este turno empezó una sesión nueva.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The summary could not be written: the recent turns were carried instead.</source>
        <translation>No se pudo escribir el resumen: en su lugar se transfirieron los turnos recientes.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The conversation could not be moved whole: the recent turns were carried instead.</source>
        <translation>No se pudo mover la conversación entera: en su lugar se transfirieron los turnos recientes.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>claude refused the moved conversation: the recent turns were carried instead.</source>
        <translation>claude rechazó la conversación movida: en su lugar se transfirieron los turnos recientes.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Less of the earlier conversation was carried than asked.</source>
        <translation>Se transfirió menos de la conversación anterior de lo pedido.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Its transcript under the earlier account is damaged (some lines cannot be read), so nothing will be carried: the next turn starts a fresh session.</source>
        <translation>Su transcripción en la cuenta anterior está dañada (algunas líneas no se pueden leer), así que no se traerá nada: el próximo turno empieza una sesión nueva.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Its transcript under the earlier account cannot be read, so nothing will be carried: the next turn starts a fresh session.</source>
        <translation>Su transcripción en la cuenta anterior no se puede leer, así que no se traerá nada: el próximo turno empieza una sesión nueva.</translation>
    </message>
</context>
<context>
    <name>CarrySection</name>
    <message>
        <location filename="../desktop/ui/settings/carry_section.py" line="+92"/>
        <source>Switching accounts</source>
        <translation>Cambio de cuenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carry &amp;over by default:</source>
        <translation>&amp;Transferir por defecto:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing (a fresh session)</source>
        <translation>Nada (una sesión nueva)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent turns, as written</source>
        <translation>Los turnos recientes, tal cual</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A summary written under the old account</source>
        <translation>Un resumen escrito con la cuenta anterior</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The whole history, copied when possible</source>
        <translation>Todo el historial, copiado cuando se pueda</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>sessiondesk switch uses it when --carry-context is not given. The window&apos;s switcher asks each time, and carries this way (recent turns when this is Nothing). What is carried is sent to Anthropic under the new account.</source>
        <translation>sessiondesk switch lo usa cuando no se indica --carry-context. El selector de cuenta de la ventana pregunta cada vez y transfiere de esta forma (los turnos recientes si aquí pone Nada). Lo que se transfiere se envía a Anthropic con la nueva cuenta.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Carry at &amp;most:</source>
        <translation>Transferir como &amp;máximo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> KB</source>
        <translation> KB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Never carry between:</source>
        <translation>&amp;Nunca transferir entre:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Account pairs never carried between</source>
        <translation>Pares de cuentas entre las que nunca se transfiere</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First account of the pair</source>
        <translation>Primera cuenta del par</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second account of the pair</source>
        <translation>Segunda cuenta del par</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add Pair</source>
        <translation>&amp;Añadir par</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remo&amp;ve Pair</source>
        <translation>&amp;Quitar par</translation>
    </message>
</context>
<context>
    <name>ChangeSecretDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="+152"/>
        <source>Every account signs in with the login kept in its folder: none has a secret.</source>
        <translation>Todas las cuentas inician sesión con el acceso guardado en su carpeta: ninguna tiene secreto.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Change secret</source>
        <translation>Cambiar secreto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>&amp;Cuenta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New &amp;secret:</source>
        <translation>Nuevo &amp;secreto:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The API key or token goes to your system&apos;s keyring only. The next turn of this account uses it.</source>
        <translation>La clave de API o el token se guarda solo en el llavero del sistema. El próximo turno de esta cuenta la usará.</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../desktop/ui/shell/palette.py" line="+138"/>
        <source>Command &amp;Palette…</source>
        <translation>&amp;Paleta de comandos…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find any command of the window by typing</source>
        <translation>Encuentra cualquier orden de la ventana escribiendo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a command</source>
        <translation>Escribe una orden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>Orden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Commands</source>
        <translation>Órdenes</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../desktop/ui/conversations/compare_dialog.py" line="+58"/>
        <source>Compare Branches</source>
        <translation>Comparar ramas</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Shared history: 1 message</source>
        <translation>Historial común: 1 mensaje</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shared history: {count} messages</source>
        <translation>Historial común: {count} mensajes</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The two branches say the same.</source>
        <translation>Las dos ramas dicen lo mismo.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Claude</source>
        <translation>Claude</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../desktop/ui/runs/composer.py" line="+242"/>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <location line="+73"/>
        <location line="+17"/>
        <location line="+5"/>
        <source>Working folder</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>Ask Claude…  (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Pregunta a Claude…  (Intro envía, Mayús+Intro empieza una línea nueva)</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Prompt</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Claude is answering… (Esc stops it; the next prompt can be written now)</source>
        <translation>Claude está respondiendo… (Esc lo detiene; ya puedes escribir el siguiente mensaje)</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Enter sends the prompt; Shift+Enter starts a new line</source>
        <translation>Intro envía el mensaje; Mayús+Intro empieza una línea nueva</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Account</source>
        <translation>Cuenta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send the prompt (Enter or Ctrl+Enter)</source>
        <translation>Enviar el mensaje (Intro o Ctrl+Intro)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A&amp;ccount:</source>
        <translation>Cuen&amp;ta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;older:</source>
        <translation>Car&amp;peta:</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+5"/>
        <source>Choose the working folder</source>
        <translation>Elegir la carpeta de trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Continue under another account…</source>
        <translation>Continuar con otra cuenta…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fr&amp;esh session</source>
        <translation>Sesió&amp;n nueva</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start a new Claude session; the conversation so far is sent along as text</source>
        <translation>Empieza una sesión nueva de Claude; la conversación hasta ahora se envía como texto</translation>
    </message>
</context>
<context>
    <name>ConversationDeleter</name>
    <message>
        <location filename="../desktop/ui/conversations/delete_conversation.py" line="+43"/>
        <source>&amp;Delete Conversation…</source>
        <translation>&amp;Borrar conversación…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove the conversation from Sessiondesk, after saying what goes</source>
        <translation>Quitar la conversación de Sessiondesk, tras decir qué se elimina</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Choose a session of a conversation first.</source>
        <translation>Elige primero una sesión de una conversación.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Also delete Claude&apos;s own transcripts of it ({size})</source>
        <translation>Borrar también sus transcripciones de Claude ({size})</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete Conversation</source>
        <translation>Borrar conversación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete {code} “{title}”?</source>
        <translation>¿Borrar {code} «{title}»?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete</source>
        <translation>&amp;Borrar</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Its {count} recorded turns and its execution tree are removed.</source>
        <translation>Se eliminan sus {count} turnos registrados y su árbol de ejecuciones.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>It is taken out of the bundles {names}; they keep their other items.</source>
        <translation>Sale de los paquetes {names}; estos conservan sus demás elementos.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Its forks {codes} keep their own sessions and become conversations of their own.</source>
        <translation>Sus bifurcaciones {codes} conservan sus propias sesiones y pasan a ser conversaciones independientes.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{codes} name it in their text; that text stays, and {code} is never given to another conversation.</source>
        <translation>{codes} la nombran en su texto; ese texto se conserva, y {code} nunca se asigna a otra conversación.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{count} of its Claude sessions are used by another conversation too and always stay.</source>
        <translation>{count} de sus sesiones de Claude las usa también otra conversación y siempre se conservan.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude&apos;s own transcripts stay on disk unless you tick the box below; it removes only the {count} that no other conversation uses.</source>
        <translation>Las transcripciones de Claude se quedan en el disco salvo que marques la casilla de abajo; solo elimina las {count} que ninguna otra conversación usa.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude&apos;s own transcripts stay on disk.</source>
        <translation>Las transcripciones de Claude se quedan en el disco.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Deleted {code}.</source>
        <translation>Se borró {code}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Removed {count} transcripts ({size}).</source>
        <translation>Se eliminaron {count} transcripciones ({size}).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} transcripts could not be removed.</source>
        <translation>No se pudieron eliminar {count} transcripciones.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing was deleted: {reason}</source>
        <translation>No se borró nada: {reason}</translation>
    </message>
</context>
<context>
    <name>ConversationHeader</name>
    <message>
        <location filename="../desktop/ui/conversations/conversation_header.py" line="+202"/>
        <source>{size}; tokens pending</source>
        <translation>{size}; tokens pendientes</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{tokens} tokens ({size})</source>
        <translation>{tokens} tokens ({size})</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Input tokens that resumed turns did not send, compared with replaying the history</source>
        <translation>Tokens de entrada que los turnos reanudados no enviaron, frente a reproducir el historial</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Resumed turns sent {fresh} new tokens; replays would have sent {replay}</source>
        <translation>Los turnos reanudados enviaron {fresh} tokens nuevos; las reproducciones habrían enviado {replay}</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No description</source>
        <translation>Sin descripción</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit the title and press Enter to rename</source>
        <translation>Edita el título y pulsa Intro para renombrar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder:</source>
        <translation>Carpeta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claude session:</source>
        <translation>Sesión de Claude:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved by resuming:</source>
        <translation>Ahorrado al reanudar:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Referenced by:</source>
        <translation>Referida desde:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the Claude session id</source>
        <translation>Copiar el id de la sesión de Claude</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What this conversation is about; [[SESS-042]] links another</source>
        <translation>De qué trata esta conversación; [[SESS-042]] enlaza otra</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Description</source>
        <translation>Descripción</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit the description</source>
        <translation>Editar la descripción</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Switch…</source>
        <translation>Cambiar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go on with this conversation under another account (Ctrl+Shift+S)</source>
        <translation>Seguir esta conversación con otra cuenta (Ctrl+Mayús+S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switch account</source>
        <translation>Cambiar de cuenta</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../desktop/ui/conversations/conversation_pane.py" line="+256"/>
        <source>Renamed {code}.</source>
        <translation>{code} renombrada.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Described {code}.</source>
        <translation>Descripción de {code} guardada.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>There is no conversation {code}, or it has no session yet.</source>
        <translation>No existe la conversación {code}, o aún no tiene sesión.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>That session is not in the list yet.</source>
        <translation>Esa sesión aún no está en la lista.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not a conversation yet — send a turn to start one.</source>
        <translation>Aún no es una conversación: envía un turno para empezar una.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Executions</source>
        <translation>&amp;Ejecuciones</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Enter continues from the chosen node; to compare two, Ctrl+click them or use Compare with in a node&apos;s menu.</source>
        <translation>Intro continúa desde el nodo elegido; para comparar dos, haga Ctrl+clic en ellos o use Comparar con en el menú de un nodo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Continue from Here</source>
        <translation>&amp;Continuar desde aquí</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Fork from Here</source>
        <translation>&amp;Bifurcar desde aquí</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Co&amp;mpare Branches</source>
        <translation>Co&amp;mparar ramas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Continue</source>
        <translation>Continuar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fork</source>
        <translation>Bifurcar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
</context>
<context>
    <name>EditAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_edit.py" line="+46"/>
        <source>Edit account</source>
        <translation>Editar cuenta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Account:</source>
        <translation>&amp;Cuenta:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept in the OS keyring, never in a file. Leave it empty to keep the stored one.</source>
        <translation>Se guarda en el llavero del sistema, nunca en un archivo. Déjalo vacío para conservar el guardado.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Choose the account&apos;s config folder.</source>
        <translation>Elige la carpeta de configuración de la cuenta.</translation>
    </message>
</context>
<context>
    <name>EditDiff</name>
    <message numerus="yes">
        <location filename="../desktop/ui/transcript/diff_html.py" line="+25"/>
        <source>cut to its first %Ln lines ({size} characters in all)</source>
        <translation>
            <numerusform>recortado a %Ln línea inicial ({size} caracteres en total)</numerusform>
            <numerusform>recortado a sus primeras %Ln líneas ({size} caracteres en total)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln edits could not be read</source>
        <translation>
            <numerusform>%Ln edición no se pudo leer</numerusform>
            <numerusform>%Ln ediciones no se pudieron leer</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every occurrence in the file is replaced</source>
        <translation>se reemplaza cada aparición en el archivo</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln more lines of the diff are not shown</source>
        <translation>
            <numerusform>%Ln línea más del diff no se muestra</numerusform>
            <numerusform>%Ln líneas más del diff no se muestran</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln more edits are not shown</source>
        <translation>
            <numerusform>%Ln edición más no se muestra</numerusform>
            <numerusform>%Ln ediciones más no se muestran</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no change</source>
        <translation>sin cambios</translation>
    </message>
</context>
<context>
    <name>EmptyCentre</name>
    <message>
        <location filename="../desktop/ui/shell/empty_centre.py" line="+41"/>
        <source>Claude Code&apos;s folder was found at {folder}, but it is not an account here yet.</source>
        <translation>Se encontró la carpeta de Claude Code en {folder}, pero aún no es una cuenta aquí.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No Claude Code folder was found at {folder}: sign in once with the claude command, or add the folder of an account you already use.</source>
        <translation>No se encontró ninguna carpeta de Claude Code en {folder}: inicia sesión una vez con la orden claude o añade la carpeta de una cuenta que ya uses.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its sessions will appear in the list on the left, newest first.</source>
        <translation>Sus sesiones aparecerán en la lista de la izquierda, las más recientes primero.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No Claude accounts yet</source>
        <translation>Aún no hay cuentas de Claude</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Account…</source>
        <translation>Añadir cuenta…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading sessions…</source>
        <translation>Leyendo sesiones…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sessiondesk is reading the Claude Code sessions on this computer. They appear on the left as they are found.</source>
        <translation>Sessiondesk está leyendo las sesiones de Claude Code de este equipo. Aparecen a la izquierda a medida que se encuentran.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No sessions yet</source>
        <translation>Aún no hay sesiones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sessions appear on the left as soon as Claude Code writes them. Start one with New Conversation (Ctrl+N).</source>
        <translation>Las sesiones aparecen a la izquierda en cuanto Claude Code las escribe. Empieza una con Nueva conversación (Ctrl+N).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No session selected</source>
        <translation>Ninguna sesión seleccionada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a session on the left to read its transcript.</source>
        <translation>Selecciona una sesión a la izquierda para leer su transcripción.</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <location filename="../desktop/ui/common/error_text.py" line="+244"/>
        <source>Sessiondesk&apos;s database {path} is damaged and was left as it is. Restore it from a backup; if only the search index is damaged, rebuild the index.</source>
        <translation>La base de datos de Sessiondesk {path} está dañada y se dejó como estaba. Restáurela desde una copia de seguridad; si solo está dañado el índice de búsqueda, reconstruya el índice.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sessiondesk&apos;s database {path} was deleted or replaced while in use. Nothing more was written to it: restore it from a backup.</source>
        <translation>La base de datos de Sessiondesk {path} se borró o se reemplazó mientras estaba en uso. No se escribió nada más en ella: restáurela desde una copia de seguridad.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That turn ran under {account}, and its conversation has moved to {owner}: continue the conversation itself instead. Nothing was sent.</source>
        <translation>Ese turno se ejecutó con {account} y su conversación se ha movido a {owner}: continúe la conversación en sí. No se envió nada.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The turn {execution} was not kept; its transcript: {transcript}.</source>
        <translation>El turno {execution} no se guardó; su transcripción: {transcript}.</translation>
    </message>
    <message>
        <location line="-247"/>
        <source>The file holds {count} entries: too many for a bundle.</source>
        <translation>El archivo contiene {count} entradas: demasiadas para un paquete.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” has an absolute path or a path that leaves its folder.</source>
        <translation>La entrada «{entry}» tiene una ruta absoluta o una ruta que sale de su carpeta.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The entry “{entry}” is a symbolic link.</source>
        <translation>La entrada «{entry}» es un enlace simbólico.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The entry “{entry}” is a folder.</source>
        <translation>La entrada «{entry}» es una carpeta.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The entry “{entry}” is encrypted.</source>
        <translation>La entrada «{entry}» está cifrada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” appears twice.</source>
        <translation>La entrada «{entry}» aparece dos veces.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” is too large.</source>
        <translation>La entrada «{entry}» es demasiado grande.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” would expand far beyond its size (a zip bomb?).</source>
        <translation>La entrada «{entry}» se expandiría muy por encima de su tamaño (¿una bomba zip?).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The file would expand to more than a bundle may hold.</source>
        <translation>El archivo se expandiría a más de lo que puede contener un paquete.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is not a Sessiondesk bundle.</source>
        <translation>El archivo no es un paquete de Sessiondesk.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The bundle&apos;s manifest is damaged or invalid.</source>
        <translation>El manifiesto del paquete está dañado o no es válido.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The bundle was made by a newer Sessiondesk (format {version}): update to import it.</source>
        <translation>El paquete lo creó un Sessiondesk más nuevo (formato {version}): actualiza para importarlo.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The manifest lists “{entry}”, which the file lacks.</source>
        <translation>El manifiesto menciona «{entry}», que falta en el archivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file holds “{entry}”, which its manifest does not list.</source>
        <translation>El archivo contiene «{entry}», que su manifiesto no menciona.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>“{entry}” is not what the manifest says (its size or checksum differs).</source>
        <translation>«{entry}» no es lo que dice el manifiesto (su tamaño o su suma de comprobación difieren).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} cannot be read.</source>
        <translation>No se puede leer {path}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} is not a readable zip file (damaged?).</source>
        <translation>{path} no es un archivo zip legible (¿dañado?).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The folder {folder} does not exist.</source>
        <translation>La carpeta {folder} no existe.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The bundle holds items of other accounts than {account}: {items}. Tick the box to send their text under {account}.</source>
        <translation>El paquete contiene elementos de otras cuentas distintas de {account}: {items}. Marca la casilla para enviar su texto con {account}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A bundle named “{name}” exists already.</source>
        <translation>Ya existe un paquete llamado «{name}».</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A bundle&apos;s name is 1 to 128 printable characters.</source>
        <translation>El nombre de un paquete tiene de 1 a 128 caracteres imprimibles.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The note is empty.</source>
        <translation>La nota está vacía.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{name} is not an image Claude accepts (PNG, JPEG, GIF or WebP).</source>
        <translation>{name} no es una imagen que Claude acepte (PNG, JPEG, GIF o WebP).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} is {size}; an image can be at most {limit} (the Claude API&apos;s limit).</source>
        <translation>{name} ocupa {size}; una imagen puede ocupar como máximo {limit} (el límite de la API de Claude).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A turn can send at most {limit} images.</source>
        <translation>Un turno puede enviar como máximo {limit} imágenes.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>There is no image file {path}.</source>
        <translation>No existe el archivo de imagen {path}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The image {path} cannot be read.</source>
        <translation>No se puede leer la imagen {path}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{path} is a folder: choose a file name.</source>
        <translation>{path} es una carpeta: elige un nombre de archivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is a device, not a file: choose a file name.</source>
        <translation>{path} es un dispositivo, no un archivo: elige un nombre de archivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is a named pipe (FIFO), not a file: choose a file name.</source>
        <translation>{path} es una tubería con nombre (FIFO), no un archivo: elige un nombre de archivo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{path} is not a regular file: choose another file name.</source>
        <translation>{path} no es un archivo normal: elige otro nombre de archivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is read-only: choose another file name.</source>
        <translation>{path} es de solo lectura: elige otro nombre de archivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} cannot be written ({why}). Nothing was changed.</source>
        <translation>No se puede escribir {path} ({why}). No se cambió nada.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a file name.</source>
        <translation>Elige un nombre de archivo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} is on a kernel file system and cannot hold Sessiondesk&apos;s data: choose another folder.</source>
        <translation>{path} está en un sistema de archivos del núcleo y no puede guardar los datos de Sessiondesk: elige otra carpeta.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sessiondesk&apos;s data folder {path} is read-only: make it writable, or choose another folder.</source>
        <translation>La carpeta de datos de Sessiondesk {path} es de solo lectura: permite escribir en ella o elige otra carpeta.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The disk that holds {path} is full: free some space and try again.</source>
        <translation>El disco que contiene {path} está lleno: libera espacio e inténtalo de nuevo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The database {path} cannot be written (a read-only or immutable file): make it writable.</source>
        <translation>No se puede escribir en la base de datos {path} (un archivo de solo lectura o inmutable): permite escribir en ella.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a folder.</source>
        <translation>Elige una carpeta.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{folder} exists and is not a folder.</source>
        <translation>{folder} existe y no es una carpeta.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This account signs in with the login kept in its folder: it has no secret to change.</source>
        <translation>Esta cuenta inicia sesión con el acceso guardado en su carpeta: no tiene secreto que cambiar.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The secret is empty.</source>
        <translation>El secreto está vacío.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no account named {name}.</source>
        <translation>No hay ninguna cuenta llamada {name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“{name}” cannot be an account name: use up to 64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;, starting with a letter or digit.</source>
        <translation>«{name}» no puede ser un nombre de cuenta: usa hasta 64 letras, dígitos, «.», «_» o «-», empezando por una letra o un dígito.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An account named {name} exists already.</source>
        <translation>Ya existe una cuenta llamada {name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write a prompt first.</source>
        <translation>Escribe primero un mensaje.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose an account for this conversation.</source>
        <translation>Elige una cuenta para esta conversación.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose a working folder.</source>
        <translation>Elige una carpeta de trabajo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The working folder {folder} does not exist.</source>
        <translation>La carpeta de trabajo {folder} no existe.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>claude could not be started ({path}).</source>
        <translation>No se pudo iniciar claude ({path}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The claude program was not found. Install Claude Code, or choose the program in Settings.</source>
        <translation>No se encontró el programa claude. Instala Claude Code o elija el programa en Ajustes.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} does not exist. Choose the claude program in Settings.</source>
        <translation>{path} no existe. Elige el programa claude en Ajustes.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is a folder, not the claude program. Choose the program in Settings.</source>
        <translation>{path} es una carpeta, no el programa claude. Elige el programa en Ajustes.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} cannot be run (it is not executable). Choose the program in Settings.</source>
        <translation>{path} no se puede ejecutar (no es ejecutable). Elige el programa en Ajustes.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No keyring is available to keep secrets. Start your desktop&apos;s keyring and unlock it.</source>
        <translation>No hay ningún llavero para guardar secretos. Inicia el llavero de tu escritorio y desbloquéalo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This conversation is still answering a turn: wait for it, or stop it (Esc).</source>
        <translation>Esta conversación todavía está respondiendo un turno: espera a que termine o detenlo (Esc).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{code} is still answering a turn: stop it first (Esc), then delete it.</source>
        <translation>{code} aún está respondiendo un turno: detenlo primero (Esc) y luego bórrala.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>There is no conversation {codes}: fix the reference. Nothing was sent.</source>
        <translation>No existe la conversación {codes}: corrige la referencia. No se envió nada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{codes} belongs to another account than {account}. Nothing was sent.</source>
        <translation>{codes} pertenece a otra cuenta distinta de {account}. No se envió nada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The keyring is locked: unlock it and try again.</source>
        <translation>El llavero está bloqueado: desbloquéalo e inténtalo de nuevo.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>That cannot be done as asked.</source>
        <translation>Eso no se puede hacer tal como se pidió.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>That exists already.</source>
        <translation>Eso ya existe.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>That could not be found; it may have been removed.</source>
        <translation>No se encontró; puede que se haya eliminado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sessiondesk&apos;s database cannot be used right now.</source>
        <translation>La base de datos de Sessiondesk no se puede usar ahora mismo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The keyring refused to keep or give the secret.</source>
        <translation>El llavero se negó a guardar o a dar el secreto.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>claude could not be run or did not answer as expected.</source>
        <translation>claude no se pudo ejecutar o no respondió como se esperaba.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The claude program was not found. Choose it in Settings.</source>
        <translation>No se encontró el programa claude. Elígelo en Ajustes.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Something went wrong.</source>
        <translation>Algo salió mal.</translation>
    </message>
</context>
<context>
    <name>ExecutionTree</name>
    <message>
        <location filename="../desktop/ui/conversations/tree_labels.py" line="+19"/>
        <source>new</source>
        <translation>nueva</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>continue</source>
        <translation>continúa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fork</source>
        <translation>rama</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replay</source>
        <translation>reproducción</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>re-run</source>
        <translation>repetida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>carry-over</source>
        <translation>traspaso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>switch</source>
        <translation>cambio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rollover</source>
        <translation>relevo</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>carries nothing</source>
        <translation>no traspasa nada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>carries raw</source>
        <translation>traspasa el texto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>carries a summary</source>
        <translation>traspasa un resumen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>migrates</source>
        <translation>migra la transcripción</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>replayed 1 turn</source>
        <translation>reenvió 1 turno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replayed {count} turns</source>
        <translation>reenvió {count} turnos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>carried raw {size} KB</source>
        <translation>{size} KB en bruto</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>carried a summary</source>
        <translation>traspasado un resumen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>migrated</source>
        <translation>migrada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fresh</source>
        <translation>desde cero</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Claude session: {id}</source>
        <translation>Sesión de Claude: {id}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No Claude session: a switch runs nothing</source>
        <translation>Sin sesión de Claude: un cambio no ejecuta nada</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude session: extracting…</source>
        <translation>Sesión de Claude: extrayendo…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claude session: none (the turn ended before it got one)</source>
        <translation>Sesión de Claude: ninguna (el turno terminó antes de obtenerla)</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_model.py" line="+48"/>
        <source>succeeded</source>
        <translation>correcta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interrupted</source>
        <translation>interrumpida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>en curso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pending</source>
        <translation>pendiente</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>In {code}, a conversation of its own</source>
        <translation>En {code}, una conversación propia</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>◀ The newest turn of its line: Continue goes on from here</source>
        <translation>◀ El turno más reciente de su línea: Continuar sigue desde aquí</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_labels.py" line="-29"/>
        <source>resumed</source>
        <translation>reanudada</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_model.py" line="-76"/>
        <source>Turn</source>
        <translation>Turno</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Account</source>
        <translation>Cuenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started</source>
        <translation>Inicio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_labels.py" line="+37"/>
        <source>Execution {id}</source>
        <translation>Ejecución {id}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ran with: {modes}</source>
        <translation>Se ejecutó con: {modes}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sent {sent}; resuming saved {saved}</source>
        <translation>Enviado {sent}; reanudar ahorró {saved}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Replayed because: {reason}</source>
        <translation>Reproducida porque: {reason}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Failed: {error}</source>
        <translation>Falló: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no error recorded</source>
        <translation>no se registró ningún error</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_menu.py" line="+47"/>
        <source>Compare &amp;with</source>
        <translation>Comparar &amp;con</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copy &amp;Session ID</source>
        <translation>Copiar el ID de &amp;sesión</translation>
    </message>
</context>
<context>
    <name>FolderListEditor</name>
    <message>
        <location filename="../desktop/ui/settings/roots_editor.py" line="+49"/>
        <source>A&amp;dd…</source>
        <translation>&amp;Añadir…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;move</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folders whose sessions are listed</source>
        <translation>Carpetas cuyas sesiones se muestran</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Choose a folder</source>
        <translation>Elige una carpeta</translation>
    </message>
</context>
<context>
    <name>InsightPage</name>
    <message>
        <location filename="../desktop/ui/library/insight_page.py" line="+149"/>
        <source>Insight</source>
        <translation>Estadísticas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>&amp;Cuenta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;ince</source>
        <translation>&amp;Desde</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count only the turns started on or after this day</source>
        <translation>Contar solo los turnos iniciados este día o después</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Since this day</source>
        <translation>Desde este día</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualizar</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+41"/>
        <source>All accounts</source>
        <translation>Todas las cuentas</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Account</source>
        <translation>Cuenta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Project folder</source>
        <translation>Carpeta del proyecto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By account</source>
        <translation>Por cuenta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>By project</source>
        <translation>Por proyecto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By conversation</source>
        <translation>Por conversación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outcomes</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Branches</source>
        <translation>Ramas</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+155"/>
        <source>Turns</source>
        <translation>Turnos</translation>
    </message>
    <message>
        <location line="-154"/>
        <source>Tokens in</source>
        <translation>Tokens de entrada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens out</source>
        <translation>Tokens de salida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost (USD)</source>
        <translation>Coste (USD)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Success rate</source>
        <translation>Tasa de éxito</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+147"/>
        <source>Rollovers</source>
        <translation>Relevos</translation>
    </message>
    <message>
        <location line="-146"/>
        <location line="+144"/>
        <source>Resumes</source>
        <translation>Reanudaciones</translation>
    </message>
    <message>
        <location line="-143"/>
        <location line="+144"/>
        <source>Replays</source>
        <translation>Reproducciones</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>Tokens saved</source>
        <translation>Tokens ahorrados</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Counting…</source>
        <translation>Contando…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Could not count: {reason}</source>
        <translation>No se pudo contar: {reason}</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln turns counted</source>
        <translation>
            <numerusform>%Ln turno contado</numerusform>
            <numerusform>%Ln turnos contados</numerusform>
        </translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Resumed turns sent {fresh} new input tokens; replays would have sent {replay}</source>
        <translation>Los turnos reanudados enviaron {fresh} tokens de entrada nuevos; las reproducciones habrían enviado {replay}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Turns by outcome</source>
        <translation>Turnos por resultado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How turns got their history</source>
        <translation>Cómo recibieron los turnos su historial</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Succeeded</source>
        <translation>Correctos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Fallidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interrupted</source>
        <translation>Interrumpidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resumed</source>
        <translation>Reanudados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replayed</source>
        <translation>Reproducidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fresh start</source>
        <translation>Desde cero</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Others</source>
        <translation>Otros</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Turns per conversation (average {average})</source>
        <translation>Turnos por conversación (media {average})</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How turns began, per account (share of turns)</source>
        <translation>Cómo empezaron los turnos, por cuenta (parte de los turnos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forks</source>
        <translation>Bifurcaciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-runs</source>
        <translation>Reejecuciones</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
</context>
<context>
    <name>LibraryRoom</name>
    <message>
        <location filename="../desktop/ui/library/room.py" line="+82"/>
        <source>&amp;Insight…</source>
        <translation>&amp;Estadísticas…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Turns, tokens, cost and success per account, project and conversation</source>
        <translation>Turnos, tokens, coste y éxito por cuenta, proyecto y conversación</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Bundles…</source>
        <translation>&amp;Paquetes…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Named collections of conversations, sessions and notes to load as context</source>
        <translation>Colecciones con nombre de conversaciones, sesiones y notas para cargar como contexto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add Conversation to &amp;Bundle…</source>
        <translation>Añadir la conversación a un &amp;paquete…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export Session…</source>
        <translation>&amp;Exportar sesión…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the chosen session as Markdown or HTML</source>
        <translation>Guardar la sesión elegida como Markdown o HTML</translation>
    </message>
</context>
<context>
    <name>LivePresenter</name>
    <message>
        <location filename="../desktop/ui/runs/live_transcript.py" line="+125"/>
        <source>New conversation</source>
        <translation>Conversación nueva</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose an account and a working folder below, then send the first prompt.</source>
        <translation>Elige abajo una cuenta y una carpeta de trabajo y envía el primer mensaje.</translation>
    </message>
</context>
<context>
    <name>LoadContextDialog</name>
    <message>
        <location filename="../desktop/ui/library/load_dialog.py" line="+45"/>
        <source>Load context of “{name}”</source>
        <translation>Cargar el contexto de «{name}»</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What should Claude do with this context?</source>
        <translation>¿Qué debe hacer Claude con este contexto?</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Start</source>
        <translation>&amp;Empezar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Account:</source>
        <translation>&amp;Cuenta:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Folder:</source>
        <translation>&amp;Carpeta:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Prompt:</source>
        <translation>&amp;Mensaje:</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Also send the text of {items} under {account}</source>
        <translation>Enviar también el texto de {items} con {account}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Working folder</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Choose an account for this conversation.</source>
        <translation>Elige una cuenta para esta conversación.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The working folder {folder} does not exist.</source>
        <translation>La carpeta de trabajo {folder} no existe.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a prompt first.</source>
        <translation>Escribe primero un mensaje.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tick the box to send the other accounts&apos; text, or choose their account.</source>
        <translation>Marca la casilla para enviar el texto de las otras cuentas, o elige su cuenta.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../desktop/ui/shell/main_window.py" line="+285"/>
        <source>Accounts: {count}</source>
        <translation>Cuentas: {count}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not load accounts</source>
        <translation>No se pudieron cargar las cuentas</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not save the language</source>
        <translation>No se pudo guardar el idioma</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No translation found for {language}; showing English.</source>
        <translation>No se encontró la traducción a {language}; se muestra en inglés.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Settings saved.</source>
        <translation>Ajustes guardados.</translation>
    </message>
    <message>
        <location filename="../desktop/ui/shell/about.py" line="+23"/>
        <source>About Sessiondesk</source>
        <translation>Acerca de Sessiondesk</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every Claude Code session on this machine, for every account.</source>
        <translation>Todas las sesiones de Claude Code de este equipo, de todas tus cuentas.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Data folder: {path}</source>
        <translation>Carpeta de datos: {path}</translation>
    </message>
</context>
<context>
    <name>MenuBar</name>
    <message>
        <location filename="../desktop/ui/shell/menu_bar.py" line="+60"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Session</source>
        <translation>&amp;Sesión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Conversation</source>
        <translation>C&amp;onversación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Accounts</source>
        <translation>&amp;Cuentas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Show sessions of</source>
        <translation>Mostrar sesiones de</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No accounts yet</source>
        <translation>Aún no hay cuentas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>All Accounts</source>
        <translation>Todas las cuentas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List the sessions of every account</source>
        <translation>Listar las sesiones de todas las cuentas</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>List only the sessions of {name}</source>
        <translation>Listar solo las sesiones de {name}</translation>
    </message>
</context>
<context>
    <name>ModeChoices</name>
    <message>
        <location filename="../desktop/ui/runs/mode_choices.py" line="+122"/>
        <location line="+31"/>
        <source>Default</source>
        <translation>Predeterminado</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>Claude&apos;s own choice for this account</source>
        <translation>La elección de Claude para esta cuenta</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The model this conversation&apos;s turns ask for</source>
        <translation>El modelo que piden los turnos de esta conversación</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Model:</source>
        <translation>&amp;Modelo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mo&amp;de:</source>
        <translation>Mo&amp;do:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission mode</source>
        <translation>Modo de permisos</translation>
    </message>
</context>
<context>
    <name>ModeFlow</name>
    <message>
        <location filename="../desktop/ui/runs/mode_flow.py" line="+106"/>
        <source>claude did not list its models: {reason}</source>
        <translation>claude no indicó sus modelos: {reason}</translation>
    </message>
</context>
<context>
    <name>PermissionCard</name>
    <message>
        <location filename="../desktop/ui/runs/permission_card.py" line="+191"/>
        <source>✗ Denied</source>
        <translation>✗ Denegado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ Allowed, and allowed again until this turn ends</source>
        <translation>✓ Permitido, y permitido de nuevo hasta que acabe este turno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✓ Allowed</source>
        <translation>✓ Permitido</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚑ Claude wants to use {tool}</source>
        <translation>⚑ Claude quiere usar {tool}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claude asked to use {tool}</source>
        <translation>Claude pidió usar {tool}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A&amp;llow</source>
        <translation>Per&amp;mitir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow for this &amp;session</source>
        <translation>Permitir en esta &amp;sesión</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Allow, and do not ask again about {tool} until this turn ends</source>
        <translation>Permitir, y no volver a preguntar por {tool} hasta que acabe este turno</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Deny</source>
        <translation>&amp;Denegar</translation>
    </message>
</context>
<context>
    <name>ProblemText</name>
    <message>
        <location filename="../desktop/ui/transcript/problem_text.py" line="+22"/>
        <source>the last line is incomplete (still being written?)</source>
        <translation>la última línea está incompleta (¿aún se está escribiendo?)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an empty line</source>
        <translation>una línea vacía</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not valid JSON</source>
        <translation>no es JSON válido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not text</source>
        <translation>no es texto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>invalid characters, shown as �</source>
        <translation>caracteres no válidos, mostrados como �</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>JSON, but not an object</source>
        <translation>es JSON, pero no un objeto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a line too long to read</source>
        <translation>una línea demasiado larga para leerla</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the disk could not read it</source>
        <translation>el disco no pudo leerla</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the file cannot be opened</source>
        <translation>el archivo no se puede abrir</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unreadable</source>
        <translation>ilegible</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Line {line}: {reason}</source>
        <translation>Línea {line}: {reason}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>At byte {offset}: {reason}</source>
        <translation>En el byte {offset}: {reason}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{problem} (in {file})</source>
        <translation>{problem} (en {file})</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One line of this transcript could not be read. Everything readable is shown.</source>
        <translation>Una línea de esta transcripción no se pudo leer. Se muestra todo lo legible.</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n lines of this transcript could not be read. Everything readable is shown.</source>
        <translation>
            <numerusform>%n línea de esta transcripción no se pudo leer. Se muestra todo lo legible.</numerusform>
            <numerusform>%n líneas de esta transcripción no se pudieron leer. Se muestra todo lo legible.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One line of this transcript had invalid characters.</source>
        <translation>Una línea de esta transcripción tenía caracteres no válidos.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n lines of this transcript had invalid characters.</source>
        <translation>
            <numerusform>%n línea de esta transcripción tenía caracteres no válidos.</numerusform>
            <numerusform>%n líneas de esta transcripción tenían caracteres no válidos.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PruneDialog</name>
    <message>
        <location filename="../desktop/ui/settings/archive_removal.py" line="+56"/>
        <source>Prune Archive</source>
        <translation>Depurar el archivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>&amp;Cuenta:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Older than:</source>
        <translation>&amp;Anteriores a:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> days</source>
        <translation> días</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Prune</source>
        <translation>&amp;Depurar</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No accounts yet.</source>
        <translation>Aún no hay cuentas.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No archived copy of this account is that old.</source>
        <translation>Ninguna copia archivada de esta cuenta es tan antigua.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Removes {count} archived copies ({size}). {gone} sessions whose original Claude Code deleted leave the list; {kept} whose original is on disk stay.</source>
        <translation>Elimina {count} copias archivadas ({size}). {gone} sesiones cuyo original borró Claude Code salen de la lista; {kept} cuyo original está en el disco se quedan.</translation>
    </message>
</context>
<context>
    <name>QuestionBox</name>
    <message>
        <location filename="../desktop/ui/runs/question_card.py" line="+154"/>
        <source>Other:</source>
        <translation>Otra:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your own answer</source>
        <translation>Su propia respuesta</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <location line="+133"/>
        <source>✗ Not answered</source>
        <translation>✗ Sin responder</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ Sent:</source>
        <translation>✓ Enviado:</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>⚑ Claude asks you %n question(s)</source>
        <translation>
            <numerusform>⚑ Claude le hace %n pregunta</numerusform>
            <numerusform>⚑ Claude le hace %n preguntas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Claude asked %n question(s)</source>
        <translation>
            <numerusform>Claude hizo %n pregunta</numerusform>
            <numerusform>Claude hizo %n preguntas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send Ans&amp;wers</source>
        <translation>Enviar &amp;respuestas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ca&amp;ncel</source>
        <translation>Ca&amp;ncelar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answer nothing: Claude is told the questions were declined</source>
        <translation>No responder: Claude sabrá que las preguntas se rechazaron</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answer every question to send</source>
        <translation>Responda a todas las preguntas para enviar</translation>
    </message>
</context>
<context>
    <name>ReferenceConsent</name>
    <message>
        <location filename="../desktop/ui/runs/reference_consent.py" line="+21"/>
        <source>Another account&apos;s conversation</source>
        <translation>Conversación de otra cuenta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This prompt refers to {codes}, a conversation of another account.</source>
        <translation>Este mensaje hace referencia a {codes}, una conversación de otra cuenta.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Its recent text will be sent to Anthropic under {account}, with this prompt. Send it?</source>
        <translation>Su texto reciente se enviará a Anthropic con la cuenta {account}, junto con este mensaje. ¿Enviarlo?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send under {account}</source>
        <translation>Enviar con {account}</translation>
    </message>
</context>
<context>
    <name>RemoveAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="-90"/>
        <source>Remove account</source>
        <translation>Eliminar cuenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>&amp;Cuenta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>&amp;Eliminar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sessiondesk forgets the account and its stored secret. Its config folder and its transcripts stay on disk.</source>
        <translation>Sessiondesk olvida la cuenta y su secreto guardado. Su carpeta de configuración y sus transcripciones se quedan en el disco.</translation>
    </message>
</context>
<context>
    <name>RolloverSettings</name>
    <message>
        <location filename="../desktop/ui/settings/rollover_settings.py" line="+85"/>
        <source>Rollover</source>
        <translation>Relevo de sesión</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Start a fresh session before the context window is full</source>
        <translation>&amp;Empezar una sesión nueva antes de que se llene la ventana de contexto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At &amp;context tokens:</source>
        <translation>Con estos tokens de &amp;contexto:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> tokens</source>
        <translation> tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instead, at a &amp;share of the model&apos;s window:</source>
        <translation>O bien, con una &amp;parte de la ventana del modelo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not used</source>
        <translation>Sin usar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed the &amp;new session with:</source>
        <translation>Iniciar la sesión &amp;nueva con:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The recent turns</source>
        <translation>Los turnos recientes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A summary written by Claude</source>
        <translation>Un resumen escrito por Claude</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The conversation keeps its SESS handle and its history; the next turn goes to a new Claude session that starts with a continuation of the old one.</source>
        <translation>La conversación conserva su código SESS y su historial; el siguiente turno va a una sesión nueva de Claude que empieza con la continuación de la anterior.</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <location filename="../desktop/ui/runs/run_controller.py" line="+322"/>
        <source>The turn failed.</source>
        <translation>El turno falló.</translation>
    </message>
</context>
<context>
    <name>RunDesk</name>
    <message>
        <location filename="../desktop/ui/runs/run_desk.py" line="+201"/>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
</context>
<context>
    <name>RunIndicator</name>
    <message numerus="yes">
        <location filename="../desktop/ui/runs/run_indicator.py" line="+171"/>
        <source>%Ln runs streaming</source>
        <translation>
            <numerusform>%Ln ejecución en curso</numerusform>
            <numerusform>%Ln ejecuciones en curso</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln waiting for permission</source>
        <translation>
            <numerusform>%Ln espera permiso</numerusform>
            <numerusform>%Ln esperan permiso</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunModes</name>
    <message>
        <location filename="../desktop/ui/common/run_mode_words.py" line="+26"/>
        <source>Ask</source>
        <translation>Preguntar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accept edits</source>
        <translation>Aceptar ediciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plan</source>
        <translation>Planificar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bypass</source>
        <translation>Omitir</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Claude asks before it edits a file or runs a command (its default)</source>
        <translation>Claude pregunta antes de editar un archivo o ejecutar un comando (lo predeterminado)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File edits need no answer; commands still ask</source>
        <translation>Las ediciones de archivos no requieren respuesta; los comandos siguen preguntando</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Plan mode: Claude reads and thinks, then proposes a plan; it changes nothing</source>
        <translation>Modo plan: Claude lee y piensa, y luego propone un plan; no cambia nada</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bypass permissions: every tool runs without asking (claude refuses this as root)</source>
        <translation>Omitir permisos: todas las herramientas se ejecutan sin preguntar (claude lo rechaza como root)</translation>
    </message>
</context>
<context>
    <name>RunNotices</name>
    <message>
        <location filename="../desktop/ui/runs/run_notices.py" line="+88"/>
        <source>Claude needs your permission</source>
        <translation>Claude necesita tu permiso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tool} in “{turn}”</source>
        <translation>{tool} en «{turn}»</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude asks you</source>
        <translation>Claude le pregunta</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the turn failed</source>
        <translation>el turno falló</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A turn failed</source>
        <translation>Un turno falló</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Claude finished</source>
        <translation>Claude terminó</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Claude stopped</source>
        <translation>Claude se detuvo</translation>
    </message>
</context>
<context>
    <name>RunWall</name>
    <message>
        <location filename="../desktop/ui/runs/run_wall.py" line="+195"/>
        <source>needs answer: {tools}</source>
        <translation>espera respuesta: {tools}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>running</source>
        <translation>en curso</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(another process)</source>
        <translation>(otro proceso)</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%Ln turns running across accounts</source>
        <translation>
            <numerusform>%Ln turno en curso entre cuentas</numerusform>
            <numerusform>%Ln turnos en curso entre cuentas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln waiting for an answer</source>
        <translation>
            <numerusform>%Ln espera respuesta</numerusform>
            <numerusform>%Ln esperan respuesta</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This question waits in another Sessiondesk process (process {pid}): answer it there, in its window or terminal.</source>
        <translation>Esta pregunta espera en otro proceso de Sessiondesk (proceso {pid}): contéstela allí, en su ventana o terminal.</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Account</source>
        <translation>Cuenta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Elapsed</source>
        <translation>Transcurrido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No turn is running. Turns started here, in another window or by the sessiondesk command show here.</source>
        <translation>No hay ningún turno en curso. Aquí aparecen los turnos iniciados en esta ventana, en otra o con la orden sessiondesk.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Open Conversation</source>
        <translation>&amp;Abrir conversación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;top Run</source>
        <translation>De&amp;tener ejecución</translation>
    </message>
</context>
<context>
    <name>SearchBar</name>
    <message>
        <location filename="../desktop/ui/search/search_panel.py" line="+194"/>
        <source>Search all sessions (Ctrl+K)</source>
        <translation>Buscar en todas las sesiones (Ctrl+K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search all sessions</source>
        <translation>Buscar en todas las sesiones</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>No session mentions “{query}”.</source>
        <translation>Ninguna sesión menciona «{query}».</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>in text sent with the turn:</source>
        <translation>en el texto enviado con el turno:</translation>
    </message>
</context>
<context>
    <name>SessionBrowser</name>
    <message>
        <location filename="../desktop/ui/sessions/session_browser.py" line="+193"/>
        <source>That session is not in the list yet.</source>
        <translation>Esa sesión aún no está en la lista.</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Indexing {done} / {total}</source>
        <translation>Indexando {done} / {total}</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>Indexed %Ln sessions.</source>
        <translation>
            <numerusform>%Ln sesión indexada.</numerusform>
            <numerusform>%Ln sesiones indexadas.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Some transcripts could not be read: {first}</source>
        <translation>No se pudieron leer algunas transcripciones: {first}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Indexing failed: {reason}</source>
        <translation>Falló la indexación: {reason}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Loading transcript…</source>
        <translation>Cargando la transcripción…</translation>
    </message>
</context>
<context>
    <name>SessionExporter</name>
    <message>
        <location filename="../desktop/ui/library/session_export.py" line="+55"/>
        <source>Choose a session in the list first</source>
        <translation>Elige primero una sesión de la lista</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export session</source>
        <translation>Exportar sesión</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Exporting…</source>
        <translation>Exportando…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved the session to {path}.</source>
        <translation>Sesión guardada en {path}.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{path} cannot be written: {why}</source>
        <translation>No se puede escribir {path}: {why}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not export the session: {reason}</source>
        <translation>No se pudo exportar la sesión: {reason}</translation>
    </message>
</context>
<context>
    <name>SessionListPane</name>
    <message>
        <location filename="../desktop/ui/sessions/session_list.py" line="+192"/>
        <location line="+12"/>
        <source>Accounts</source>
        <translation>Cuentas</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+7"/>
        <source>Sessions</source>
        <translation>Sesiones</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>All accounts</source>
        <translation>Todas las cuentas</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>Filter sessions</source>
        <translation>Filtrar sesiones</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>All projects</source>
        <translation>Todos los proyectos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The selected session is shown beside the list</source>
        <translation>La sesión elegida se muestra junto a la lista</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Project</source>
        <translation>Proyecto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show &amp;Hidden Conversations</source>
        <translation>Mostrar conversaciones &amp;ocultas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List the sessions of hidden conversations too</source>
        <translation>Listar también las sesiones de las conversaciones ocultas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show hidden</source>
        <translation>Mostrar ocultas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show hidden conversations</source>
        <translation>Mostrar conversaciones ocultas</translation>
    </message>
    <message numerus="yes">
        <location line="+171"/>
        <source>%Ln sessions shown</source>
        <translation>
            <numerusform>%Ln sesión mostrada</numerusform>
            <numerusform>%Ln sesiones mostradas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionMenu</name>
    <message>
        <location filename="../desktop/ui/sessions/context_menu.py" line="+55"/>
        <source>&amp;Continue This Session</source>
        <translation>&amp;Continuar esta sesión</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Fork into a New Session</source>
        <translation>&amp;Bifurcar en una sesión nueva</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rename…</source>
        <translation>Cambiar &amp;nombre…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add to &amp;Bundle…</source>
        <translation>Añadir a un &amp;paquete…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export…</source>
        <translation>&amp;Exportar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove &amp;Archived Copy…</source>
        <translation>Eliminar la copia &amp;archivada…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy Session &amp;ID</source>
        <translation>Copiar el &amp;ID de la sesión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open Project Folder</source>
        <translation>&amp;Abrir la carpeta del proyecto</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reveal Transcript &amp;File</source>
        <translation>Mostrar el &amp;archivo de la transcripción</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Unhide Conversation</source>
        <translation>&amp;Mostrar conversación</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Hide Conversation</source>
        <translation>&amp;Ocultar conversación</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete Conversation…</source>
        <translation>&amp;Borrar conversación…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{code} is hidden from the list; View → Show Hidden Conversations lists it again.</source>
        <translation>{code} está oculta en la lista; Ver → Mostrar conversaciones ocultas la vuelve a listar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{code} is listed again.</source>
        <translation>{code} vuelve a estar en la lista.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copied the session id {id}.</source>
        <translation>Se copió el id de sesión {id}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rename session</source>
        <translation>Cambiar el nombre de la sesión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A title for this conversation:</source>
        <translation>Un título para esta conversación:</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not rename: {reason}</source>
        <translation>No se pudo cambiar el nombre: {reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Renamed to “{title}”.</source>
        <translation>Nuevo nombre: «{title}».</translation>
    </message>
</context>
<context>
    <name>SessionTableModel</name>
    <message>
        <location filename="../desktop/ui/sessions/session_model.py" line="+119"/>
        <location line="+6"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+6"/>
        <source>Project</source>
        <translation>Proyecto</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Msgs</source>
        <translation>Mens.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+6"/>
        <source>Modified</source>
        <translation>Modificada</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Account</source>
        <translation>Cuenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Messages</source>
        <translation>Mensajes</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{title} · archived</source>
        <translation>{title} · archivada</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{code} fork of {parent} · {title}</source>
        <translation>{code} bifurcación de {parent} · {title}</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>{code}, a fork of {parent}</source>
        <translation>{code}, bifurcación de {parent}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conversation {code}</source>
        <translation>Conversación {code}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Damaged: {error}</source>
        <translation>Dañada: {error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is gone from disk; it opens from Sessiondesk&apos;s archive.</source>
        <translation>El archivo ya no está en el disco; se abre desde el archivo de Sessiondesk.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is gone from disk; this is what was indexed.</source>
        <translation>El archivo ya no está en el disco; esto es lo que se indexó.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../desktop/ui/settings/settings_dialog.py" line="+176"/>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Claude Code program:</source>
        <translation>Programa de &amp;Claude Code:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty: look for claude on the PATH</source>
        <translation>Vacío: buscar claude en el PATH</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language:</source>
        <translation>&amp;Idioma:</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Same as the system</source>
        <translation>Igual que el sistema</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>&amp;Theme:</source>
        <translation>&amp;Tema:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Session &amp;folders:</source>
        <translation>&amp;Carpetas de sesiones:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only sessions started in these folders (or below them) are listed and searched. Leave the list empty to see every session.</source>
        <translation>Solo se muestran y se buscan las sesiones iniciadas en estas carpetas (o dentro de ellas). Deja la lista vacía para ver todas las sesiones.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This run uses {path}, given with --claude on the command line.</source>
        <translation>Esta ejecución usa {path}, indicado con --claude en la línea de órdenes.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>There is no file at this path.</source>
        <translation>No hay ningún archivo en esta ruta.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This is a folder; choose the claude program inside it.</source>
        <translation>Es una carpeta; elige el programa claude que contiene.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This file is not executable.</source>
        <translation>Este archivo no es ejecutable.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Choose the claude program</source>
        <translation>Elige el programa claude</translation>
    </message>
</context>
<context>
    <name>StartRefusal</name>
    <message>
        <location filename="../desktop/ui/runs/start_refusal.py" line="+60"/>
        <source>The turn did not start: {reason}</source>
        <translation>El turno no empezó: {reason}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>claude found: {path}</source>
        <translation>claude encontrado: {path}</translation>
    </message>
</context>
<context>
    <name>SwitchFlow</name>
    <message>
        <location filename="../desktop/ui/runs/switch_flow.py" line="+144"/>
        <source>The conversation now runs under {account}</source>
        <translation>La conversación continúa ahora con {account}</translation>
    </message>
</context>
<context>
    <name>ThisRunOffer</name>
    <message>
        <location filename="../desktop/ui/accounts/this_run.py" line="+60"/>
        <source>The keyring is locked. Unlock it and try again, or Sessiondesk can keep the secret in memory until you quit instead: it is never written to disk, and you will have to enter it again the next time you start Sessiondesk.</source>
        <translation>El llavero está bloqueado. Desbloquéalo e inténtalo de nuevo, o Sessiondesk puede mantener el secreto en memoria hasta que salgas: nunca se escribe en el disco, y tendrás que introducirlo de nuevo la próxima vez que inicies Sessiondesk.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No keyring is available on this computer to keep the secret. Sessiondesk can keep it in memory until you quit instead: it is never written to disk, and you will have to enter it again the next time you start Sessiondesk.</source>
        <translation>No hay ningún llavero disponible en este equipo para guardar el secreto. Sessiondesk puede mantenerlo en memoria hasta que salgas: nunca se escribe en el disco, y tendrás que introducirlo de nuevo la próxima vez que inicies Sessiondesk.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Keep Until I Quit</source>
        <translation>&amp;Mantener hasta salir</translation>
    </message>
</context>
<context>
    <name>TokenChart</name>
    <message>
        <location filename="../desktop/ui/conversations/token_chart.py" line="+77"/>
        <source>{tokens} context tokens</source>
        <translation>{tokens} tokens de contexto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollover is off</source>
        <translation>El relevo de sesión está desactivado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{percent}% of the rollover threshold: the next turn starts a fresh session</source>
        <translation>{percent}% del umbral de relevo: el siguiente turno empieza una sesión nueva</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{percent}% of the rollover threshold</source>
        <translation>{percent}% del umbral de relevo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tokens} of {threshold} context tokens</source>
        <translation>{tokens} de {threshold} tokens de contexto</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Context tokens per turn</source>
        <translation>Tokens de contexto por turno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context tokens</source>
        <translation>Tokens de contexto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollover threshold</source>
        <translation>Umbral de relevo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollover</source>
        <translation>Relevo de sesión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turn</source>
        <translation>Turno</translation>
    </message>
</context>
<context>
    <name>TranscriptArea</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_area.py" line="+147"/>
        <source>The transcript of the selected session appears here.</source>
        <translation>Aquí aparece la transcripción de la sesión seleccionada.</translation>
    </message>
</context>
<context>
    <name>TranscriptDelegate</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_delegate.py" line="+107"/>
        <location line="+10"/>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>Claude</source>
        <translation>Claude</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summary of the earlier conversation</source>
        <translation>Resumen de la conversación anterior</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Input</source>
        <translation>Entrada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No result yet.</source>
        <translation>Aún no hay resultado.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Subagent · %Ln messages</source>
        <translation>
            <numerusform>Subagente · %Ln mensaje</numerusform>
            <numerusform>Subagente · %Ln mensajes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>… %Ln more characters (copy the row to get all of it)</source>
        <translation>
            <numerusform>… %Ln carácter más (copia la fila para obtenerla entera)</numerusform>
            <numerusform>… %Ln caracteres más (copia la fila para obtenerla entera)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resumed</source>
        <translation>reanudada</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <location line="+17"/>
        <source>history replayed (%Ln turns, {size} KB)</source>
        <translation>
            <numerusform>historial reenviado (%Ln turno, {size} KB)</numerusform>
            <numerusform>historial reenviado (%Ln turnos, {size} KB)</numerusform>
        </translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Sent with this turn</source>
        <translation>Enviado con este turno</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part of the transcript could not be read here.</source>
        <translation>Aquí no se pudo leer parte de la transcripción.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation compacted</source>
        <translation>Conversación compactada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Earlier branches of this transcript</source>
        <translation>Ramas anteriores de esta transcripción</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the guard line</source>
        <translation>la línea de guarda</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>text of {handles} ({size} KB)</source>
        <translation>texto de {handles} ({size} KB)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a conversation to recap ({size} KB)</source>
        <translation>una conversación para resumir ({size} KB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context of the bundle “{name}” ({size} KB)</source>
        <translation>contexto del paquete «{name}» ({size} KB)</translation>
    </message>
</context>
<context>
    <name>TranscriptMenu</name>
    <message>
        <location filename="../desktop/ui/transcript/context_menu.py" line="+62"/>
        <source>&amp;Copy Text</source>
        <translation>&amp;Copiar el texto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Copy Selected Messages</source>
        <translation>&amp;Copiar los mensajes seleccionados</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy Tool &amp;Input</source>
        <translation>Copiar la &amp;entrada de la herramienta</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Copy Tool &amp;Output</source>
        <translation>Copiar la &amp;salida de la herramienta</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Edit &amp;&amp; Re-run from Here</source>
        <translation>&amp;Editar y volver a ejecutar desde aquí</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Copy Message &amp;ID</source>
        <translation>Copiar el &amp;ID del mensaje</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Reveal File</source>
        <translation>&amp;Mostrar el archivo</translation>
    </message>
</context>
<context>
    <name>TranscriptPanel</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_panel.py" line="+318"/>
        <source>The transcript file cannot be read: {reason}</source>
        <translation>No se puede leer el archivo de la transcripción: {reason}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>This session has no messages yet. Claude Code made its file, but nothing was said in it; a prompt sent below continues it.</source>
        <translation>Esta sesión aún no tiene mensajes. Claude Code creó su archivo, pero no se dijo nada en ella; un mensaje enviado abajo la continúa.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln messages</source>
        <translation>
            <numerusform>%Ln mensaje</numerusform>
            <numerusform>%Ln mensajes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>…and %Ln more</source>
        <translation>
            <numerusform>…y %Ln más</numerusform>
            <numerusform>…y %Ln más</numerusform>
        </translation>
    </message>
    <message>
        <location line="-19"/>
        <source>This file had unreadable lines when it was last indexed.</source>
        <translation>Este archivo tenía líneas ilegibles la última vez que se indexó.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file is gone from disk; this is what was indexed.</source>
        <translation>El archivo ya no está en el disco; esto es lo que se indexó.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Part of this transcript could not be read. Everything readable is shown.</source>
        <translation>Parte de esta transcripción no se pudo leer. Se muestra todo lo legible.</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_view.py" line="+222"/>
        <source>Transcript</source>
        <translation>Transcripción</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The messages of the selected session; Ctrl+C copies the selected ones</source>
        <translation>Los mensajes de la sesión elegida; Ctrl+C copia los seleccionados</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Show or hide what Sessiondesk sent to Claude with these words</source>
        <translation>Mostrar u ocultar lo que Sessiondesk envió a Claude con estas palabras</translation>
    </message>
</context>
<context>
    <name>TurnUsage</name>
    <message>
        <location filename="../desktop/ui/runs/turn_usage.py" line="+67"/>
        <source>interrupted</source>
        <translation>interrumpido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} tokens in</source>
        <translation>{count} tokens de entrada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} out</source>
        <translation>{count} de salida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>usage unknown</source>
        <translation>uso desconocido</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>context {count} tokens</source>
        <translation>contexto de {count} tokens</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>resumed: {fresh} new tokens in, a replay would have sent {replay}</source>
        <translation>reanudado: {fresh} tokens nuevos de entrada, una reproducción habría enviado {replay}</translation>
    </message>
</context>
<context>
    <name>WallRoom</name>
    <message>
        <location filename="../desktop/ui/runs/wall_room.py" line="+71"/>
        <source>That turn&apos;s session is not in the list yet.</source>
        <translation>La sesión de ese turno aún no está en la lista.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>R&amp;uns…</source>
        <translation>E&amp;jecuciones…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every running or waiting turn, across accounts</source>
        <translation>Todos los turnos en curso o en espera, de todas las cuentas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show every run ({keys})</source>
        <translation>Mostrar todas las ejecuciones ({keys})</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <location filename="../desktop/ui/shell/actions.py" line="+64"/>
        <source>&amp;Settings…</source>
        <translation>A&amp;justes…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where claude lives and the window&apos;s language</source>
        <translation>Dónde está claude y el idioma de la ventana</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Pantalla completa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add Account…</source>
        <translation>Añadir &amp;cuenta…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Register a Claude config folder as an account</source>
        <translation>Registrar una carpeta de configuración de Claude como cuenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove Account…</source>
        <translation>&amp;Eliminar cuenta…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;Secret…</source>
        <translation>Cambiar el &amp;secreto…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give an API-key or token account a new secret</source>
        <translation>Dar un secreto nuevo a una cuenta con clave de API o token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit Account…</source>
        <translation>&amp;Editar cuenta…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change an account&apos;s config folder or how it signs in</source>
        <translation>Cambiar la carpeta de configuración de una cuenta o cómo inicia sesión</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;witch Conversation to Account…</source>
        <translation>Ca&amp;mbiar la conversación de cuenta…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go on with the conversation shown under another account</source>
        <translation>Seguir la conversación mostrada con otra cuenta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Sessiondesk</source>
        <translation>&amp;Acerca de Sessiondesk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Log Folder</source>
        <translation>Abrir carpeta de &amp;registros</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The audit log of every resume, replay, carry and rollover, and crash reports</source>
        <translation>El registro de auditoría de cada reanudación, repetición, traspaso y relevo, y los informes de fallos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Search Sessions…</source>
        <translation>&amp;Buscar en las sesiones…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find words in every session of every account</source>
        <translation>Busca palabras en todas las sesiones de todas las cuentas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reread Sessions</source>
        <translation>&amp;Releer las sesiones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look for new and changed transcripts now</source>
        <translation>Busca ahora transcripciones nuevas o modificadas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>Conversación &amp;nueva</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start a conversation with the chosen account and working folder</source>
        <translation>Empezar una conversación con la cuenta y la carpeta de trabajo elegidas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;top Run</source>
        <translation>De&amp;tener ejecución</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop Claude&apos;s answer; what it wrote so far is kept</source>
        <translation>Detener la respuesta de Claude; lo que ya escribió se conserva</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;System Language</source>
        <translation>Idioma del &amp;sistema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speak the desktop&apos;s language</source>
        <translation>Usar el idioma del escritorio</translation>
    </message>
</context>
<context>
    <name>menu</name>
    <message>
        <location filename="../desktop/ui/shell/menus.py" line="+24"/>
        <source>Choose a session in the list first</source>
        <translation>Elige primero una sesión en la lista</translation>
    </message>
</context>
<context>
    <name>records</name>
    <message>
        <location filename="../desktop/ui/common/records.py" line="+52"/>
        <location line="+29"/>
        <source>Today {time}</source>
        <translation>Hoy {time}</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+28"/>
        <source>Yesterday {time}</source>
        <translation>Ayer {time}</translation>
    </message>
</context>
</TS>
