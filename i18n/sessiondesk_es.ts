<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es" sourcelanguage="en">
<context>
    <name>AccountsPane</name>
    <message>
        <location filename="../desktop/ui/sessions/navigation.py" line="+158"/>
        <location line="+1"/>
        <source>Accounts</source>
        <translation>Cuentas</translation>
    </message>
</context>
<context>
    <name>AddAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="+108"/>
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
        <location line="+19"/>
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
        <location filename="../desktop/app.py" line="+102"/>
        <source>Sessiondesk cannot start</source>
        <translation>Sessiondesk no puede iniciarse</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Sessiondesk</source>
        <translation>Sessiondesk</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Something went wrong</source>
        <translation>Algo salió mal</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+37"/>
        <source>Sessiondesk hit an internal error. Details were written to {path}.</source>
        <translation>Sessiondesk sufrió un error interno. Los detalles se guardaron en {path}.</translation>
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
        <location filename="../desktop/ui/runs/branch_banner.py" line="+41"/>
        <source>The next turn forks from node {node}: a new conversation.</source>
        <translation>El próximo turno se bifurca desde el nodo {node}: una conversación nueva.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The next turn continues from node {node}.</source>
        <translation>El próximo turno continúa desde el nodo {node}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../desktop/ui/conversations/compare_dialog.py" line="+49"/>
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
        <location line="+26"/>
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
        <location filename="../desktop/ui/runs/composer.py" line="+189"/>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <location line="+52"/>
        <location line="+16"/>
        <source>Working folder</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>Ask Claude…  (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Pregunta a Claude…  (Intro envía, Mayús+Intro empieza una línea nueva)</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Prompt</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Claude is answering… (Esc stops it; the next prompt can be written now)</source>
        <translation>Claude está respondiendo… (Esc lo detiene; ya puedes escribir el siguiente mensaje)</translation>
    </message>
    <message>
        <location line="+71"/>
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
        <location line="+2"/>
        <source>Choose the working folder</source>
        <translation>Elegir la carpeta de trabajo</translation>
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
    <name>ConversationHeader</name>
    <message>
        <location filename="../desktop/ui/conversations/conversation_header.py" line="+107"/>
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
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the Claude session id</source>
        <translation>Copiar el id de la sesión de Claude</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../desktop/ui/conversations/conversation_pane.py" line="+283"/>
        <source>Renamed {code}.</source>
        <translation>{code} renombrada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not a conversation yet — send a turn to start one.</source>
        <translation>Aún no es una conversación: envía un turno para empezar una.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Executions</source>
        <translation>&amp;Ejecuciones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter continues from the chosen node; Ctrl+click two nodes to compare them.</source>
        <translation>Intro continúa desde el nodo elegido; Ctrl+clic en dos nodos para compararlos.</translation>
    </message>
    <message>
        <location line="+2"/>
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
    <name>ExecutionTree</name>
    <message>
        <location filename="../desktop/ui/conversations/tree_model.py" line="+43"/>
        <source>new</source>
        <translation>nueva</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>continue</source>
        <translation>continuación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fork</source>
        <translation>bifurcación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replay</source>
        <translation>reproducción</translation>
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
        <location line="+7"/>
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
        <location line="+26"/>
        <source>resumed</source>
        <translation>reanudada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replayed</source>
        <translation>reproducida</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Turn</source>
        <translation>Turno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+27"/>
        <source>head</source>
        <translation>cabeza</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Execution {id}</source>
        <translation>Ejecución {id}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Replayed because: {reason}</source>
        <translation>Reproducida porque: {reason}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Failed: {error}</source>
        <translation>Falló: {error}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no error recorded</source>
        <translation>no se registró ningún error</translation>
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
    <name>LivePresenter</name>
    <message>
        <location filename="../desktop/ui/runs/live_transcript.py" line="+119"/>
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
    <name>MainWindow</name>
    <message>
        <location filename="../desktop/ui/shell/main_window.py" line="+164"/>
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
        <source>&amp;Accounts</source>
        <translation>&amp;Cuentas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No Claude accounts yet</source>
        <translation>Aún no hay cuentas de Claude</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a Claude account (its config folder, like ~/.claude) to see its sessions.</source>
        <translation>Añade una cuenta de Claude (su carpeta de configuración, como ~/.claude) para ver sus sesiones.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add Account…</source>
        <translation>Añadir cuenta…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No session selected</source>
        <translation>Ninguna sesión seleccionada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a session on the left to read its transcript.</source>
        <translation>Selecciona una sesión a la izquierda para leer su transcripción.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Accounts: {count}</source>
        <translation>Cuentas: {count}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No accounts yet</source>
        <translation>Aún no hay cuentas</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not load accounts</source>
        <translation>No se pudieron cargar las cuentas</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Account {name} · {folder}</source>
        <translation>Cuenta {name} · {folder}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Could not save the language</source>
        <translation>No se pudo guardar el idioma</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No translation found for {language}; showing English.</source>
        <translation>No se encontró la traducción a {language}; se muestra en inglés.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Settings saved.</source>
        <translation>Ajustes guardados.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Added account {name}.</source>
        <translation>Cuenta {name} añadida.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Removed account {name}.</source>
        <translation>Cuenta {name} eliminada.</translation>
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
    <name>PermissionCard</name>
    <message>
        <location filename="../desktop/ui/runs/permission_card.py" line="+134"/>
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
    <name>RemoveAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="+56"/>
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
    <name>RunDesk</name>
    <message>
        <location filename="../desktop/ui/runs/run_desk.py" line="+161"/>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The turn did not start: {reason}</source>
        <translation>El turno no empezó: {reason}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Claude needs your permission</source>
        <translation>Claude necesita tu permiso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tool} in “{turn}”</source>
        <translation>{tool} en «{turn}»</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the turn failed</source>
        <translation>el turno falló</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A turn failed</source>
        <translation>Un turno falló</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claude finished</source>
        <translation>Claude terminó</translation>
    </message>
</context>
<context>
    <name>RunIndicator</name>
    <message>
        <location filename="../desktop/ui/runs/run_indicator.py" line="+128"/>
        <source>1 run streaming</source>
        <translation>1 ejecución en curso</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{count} runs streaming</source>
        <translation>{count} ejecuciones en curso</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} waiting for permission</source>
        <translation>{count} esperando permiso</translation>
    </message>
</context>
<context>
    <name>SearchBar</name>
    <message>
        <location filename="../desktop/ui/search/search_panel.py" line="+133"/>
        <source>Search all sessions (Ctrl+K)</source>
        <translation>Buscar en todas las sesiones (Ctrl+K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search all sessions</source>
        <translation>Buscar en todas las sesiones</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>No session mentions “{query}”.</source>
        <translation>Ninguna sesión menciona «{query}».</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
</context>
<context>
    <name>SessionBrowser</name>
    <message>
        <location filename="../desktop/ui/sessions/session_browser.py" line="+107"/>
        <source>That session is not in the list yet.</source>
        <translation>Esa sesión aún no está en la lista.</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Indexing {done} / {total}</source>
        <translation>Indexando {done} / {total}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Indexed {count} sessions.</source>
        <translation>Sesiones indexadas: {count}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Some transcripts could not be read: {first}</source>
        <translation>No se pudieron leer algunas transcripciones: {first}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Indexing failed: {reason}</source>
        <translation>Falló la indexación: {reason}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Loading transcript…</source>
        <translation>Cargando la transcripción…</translation>
    </message>
</context>
<context>
    <name>SessionListPane</name>
    <message>
        <location filename="../desktop/ui/sessions/session_list.py" line="+145"/>
        <location line="+6"/>
        <source>Accounts</source>
        <translation>Cuentas</translation>
    </message>
    <message>
        <location line="-5"/>
        <location line="+4"/>
        <source>Sessions</source>
        <translation>Sesiones</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>All accounts</source>
        <translation>Todas las cuentas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter sessions</source>
        <translation>Filtrar sesiones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All projects</source>
        <translation>Todos los proyectos</translation>
    </message>
</context>
<context>
    <name>SessionTableModel</name>
    <message>
        <location filename="../desktop/ui/sessions/session_model.py" line="+63"/>
        <location line="+3"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+3"/>
        <source>Project</source>
        <translation>Proyecto</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Msgs</source>
        <translation>Mens.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+3"/>
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
        <location line="+45"/>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message>
        <location line="+6"/>
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
        <location line="+2"/>
        <source>The file is gone from disk; this is what was indexed.</source>
        <translation>El archivo ya no está en el disco; esto es lo que se indexó.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../desktop/ui/settings/settings_dialog.py" line="+120"/>
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
        <location line="+28"/>
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
        <location filename="../desktop/ui/transcript/transcript_delegate.py" line="+98"/>
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
    <message>
        <location line="+1"/>
        <source>Subagent · {count} messages</source>
        <translation>Subagente · {count} mensajes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>… {count} more characters (copy the row to get all of it)</source>
        <translation>… {count} caracteres más (copia la fila para obtenerlo todo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Part of the transcript could not be read here.</source>
        <translation>Aquí no se pudo leer parte de la transcripción.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation compacted</source>
        <translation>Conversación compactada</translation>
    </message>
</context>
<context>
    <name>TranscriptPanel</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_panel.py" line="+244"/>
        <source>The transcript file cannot be read: {reason}</source>
        <translation>No se puede leer el archivo de la transcripción: {reason}</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} messages</source>
        <translation>{count} mensajes</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The file is gone from disk; this is what was indexed.</source>
        <translation>El archivo ya no está en el disco; esto es lo que se indexó.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Part of this transcript could not be read. Everything readable is shown.</source>
        <translation>Parte de esta transcripción no se pudo leer. Se muestra todo lo legible.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>…and {count} more</source>
        <translation>…y {count} más</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <location filename="../desktop/ui/shell/actions.py" line="+57"/>
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
        <source>&amp;About Sessiondesk</source>
        <translation>&amp;Acerca de Sessiondesk</translation>
    </message>
    <message>
        <location line="+1"/>
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
</context>
</TS>
