<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AccountCommands</name>
    <message>
        <location filename="../desktop/ui/shell/account_commands.py" line="+75"/>
        <source>Added account {name}.</source>
        <translation>已添加账户 {name}。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Removed account {name}.</source>
        <translation>已移除账户 {name}。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The secret of {name} was changed.</source>
        <translation>{name} 的密钥已更改。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Account {name} was changed.</source>
        <translation>账户 {name} 已更改。</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Account {name} · {folder}</source>
        <translation>账户 {name} · {folder}</translation>
    </message>
</context>
<context>
    <name>AccountSwitcher</name>
    <message>
        <location filename="../desktop/ui/accounts/switcher.py" line="+116"/>
        <source>Not available: the settings never carry context between {old} and {new} (Settings → Switching accounts).</source>
        <translation>不可用：设置规定 {old} 与 {new} 之间从不延续上下文（设置 → 切换账户）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Switch account</source>
        <translation>切换账户</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move this conversation from {account} to another account. The next turn starts a new session there.</source>
        <translation>将此对话从 {account} 移到另一个账户。下一轮将在那里开始新的会话。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Account:</source>
        <translation>账户(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carry over conversation context</source>
        <translation>延续对话上下文</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Seeds the new account&apos;s session with your recent conversation. The prior conversation content is sent to Anthropic under the new account.</source>
        <translation>用你最近的对话为新账户的会话提供上下文。之前的对话内容将以新账户的身份发送给 Anthropic。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>S&amp;witch</source>
        <translation>切换(&amp;W)</translation>
    </message>
</context>
<context>
    <name>AccountsPane</name>
    <message>
        <location filename="../desktop/ui/sessions/navigation.py" line="+162"/>
        <location line="+1"/>
        <source>Accounts</source>
        <translation>账户</translation>
    </message>
</context>
<context>
    <name>ActivityLine</name>
    <message>
        <location filename="../desktop/ui/runs/activity.py" line="+44"/>
        <source>Starting claude</source>
        <translation>正在启动 claude</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claude is working on it</source>
        <translation>Claude 正在处理</translation>
    </message>
</context>
<context>
    <name>AddAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="+114"/>
        <source>Add account</source>
        <translation>添加账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. work</source>
        <translation>例如 work</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Config folder:</source>
        <translation>配置文件夹(&amp;C)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. ~/.claude-work</source>
        <translation>例如 ~/.claude-work</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The folder Claude Code uses for this account (its CLAUDE_CONFIG_DIR).</source>
        <translation>Claude Code 为此账户使用的文件夹（即它的 CLAUDE_CONFIG_DIR）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Signs in with:</source>
        <translation>登录方式(&amp;S)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>S&amp;ecret:</source>
        <translation>密钥(&amp;E)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept in the OS keyring, never in a file. Leave it empty to set it later (sessiondesk accounts set-secret).</source>
        <translation>保存在系统钥匙串中，绝不写入文件。可以留空，稍后再设置（sessiondesk accounts set-secret）。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Choose the account&apos;s config folder</source>
        <translation>选择账户的配置文件夹</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Give the account a name.</source>
        <translation>请为账户命名。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose the account&apos;s config folder.</source>
        <translation>请选择账户的配置文件夹。</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../desktop/app.py" line="+199"/>
        <source>Sessiondesk is already open on {home} but does not answer.</source>
        <translation>Sessiondesk 已在 {home} 上打开，但没有响应。</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>Sessiondesk cannot start</source>
        <translation>Sessiondesk 无法启动</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Sessiondesk</source>
        <translation>Sessiondesk</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Something went wrong</source>
        <translation>出错了</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+52"/>
        <source>Sessiondesk hit an internal error. Details were written to {path}.</source>
        <translation>Sessiondesk 遇到内部错误。详细信息已写入 {path}。</translation>
    </message>
</context>
<context>
    <name>ArchiveRemover</name>
    <message>
        <location filename="../desktop/ui/settings/archive_removal.py" line="+62"/>
        <source>Its original is still on disk: the session stays in the list, and the archive copies it again at the next reading while keeping copies is on.</source>
        <translation>其原始文件仍在磁盘上：该会话留在列表中；只要保留副本处于开启状态，归档会在下次读取时再次复制它。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Claude Code deleted its original: with the copy gone, the session leaves the list and can no longer be opened or searched.</source>
        <translation>Claude Code 已删除其原始文件：副本删除后，该会话将从列表中消失，无法再打开或搜索。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Remove Archived Copy</source>
        <translation>删除归档副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the archived copy of {session} ({size})?</source>
        <translation>删除 {session} 的归档副本（{size}）？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Remove Copy</source>
        <translation>删除副本(&amp;R)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Removed {count} archived copies; {size} freed.</source>
        <translation>已删除 {count} 个归档副本；释放了 {size}。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing was removed: {reason}</source>
        <translation>未删除任何内容：{reason}</translation>
    </message>
</context>
<context>
    <name>ArchiveSection</name>
    <message>
        <location filename="../desktop/ui/settings/archive_section.py" line="+67"/>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keep a compressed copy of every transcript</source>
        <translation>为每个记录文件保留压缩副本(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Prune Archive…</source>
        <translation>清理归档(&amp;P)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Claude Code deletes transcripts after some weeks; with a copy, such a session still opens, searches, exports and continues.</source>
        <translation>Claude Code 会在数周后删除记录文件;保留副本后,这样的会话仍可打开、搜索、导出和继续。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Measuring the archive…</source>
        <translation>正在计算归档大小…</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln transcripts, {stored} on disk ({original} uncompressed), in {folder}</source>
        <translation>
            <numerusform>%Ln 个记录文件,磁盘占用 {stored}(未压缩 {original}),位于 {folder}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <location filename="../desktop/ui/runs/attachments.py" line="+164"/>
        <source>pasted image {n}</source>
        <translation>粘贴的图片 {n}</translation>
    </message>
</context>
<context>
    <name>AttachmentTile</name>
    <message>
        <location line="-48"/>
        <source>Remove this image</source>
        <translation>移除此图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove image {name}</source>
        <translation>移除图片 {name}</translation>
    </message>
</context>
<context>
    <name>AuthKind</name>
    <message>
        <location filename="../desktop/ui/sessions/navigation.py" line="-54"/>
        <source>Login stored in its config folder</source>
        <translation>使用其配置文件夹中保存的登录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anthropic API key</source>
        <translation>Anthropic API 密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OAuth token (claude setup-token)</source>
        <translation>OAuth 令牌（claude setup-token）</translation>
    </message>
</context>
<context>
    <name>BranchBanner</name>
    <message>
        <location filename="../desktop/ui/runs/branch_banner.py" line="+47"/>
        <source>Edit the prompt: the next turn re-runs node {node} as a new branch (the old branch stays).</source>
        <translation>编辑提示：下一轮将把节点 {node} 作为新分支重新运行（旧分支保留）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The next turn forks from node {node}: a new conversation.</source>
        <translation>下一轮将从节点 {node} 分叉：一个新的对话。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The next turn continues from node {node}.</source>
        <translation>下一轮将从节点 {node} 继续。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>BranchFlow</name>
    <message>
        <location filename="../desktop/ui/runs/branch_flow.py" line="+90"/>
        <source>Sessiondesk did not send this prompt: nothing to re-run.</source>
        <translation>此提示不是由 Sessiondesk 发送的：没有可重新运行的内容。</translation>
    </message>
</context>
<context>
    <name>BundleWork</name>
    <message>
        <location filename="../desktop/ui/library/bundle_work.py" line="+70"/>
        <source>Refused, nothing was changed: {reason}</source>
        <translation>已拒绝,未做任何更改:{reason}</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Continues {code}: its session is resumed, and only the other items&apos; text is sent.</source>
        <translation>继续 {code}：恢复其会话，只发送其他条目的文本。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Starts a new conversation with every item&apos;s text: {reason}</source>
        <translation>以每个条目的文本开始新对话：{reason}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>its latest conversation {code} is under another account.</source>
        <translation>其最新对话 {code} 属于另一个账户。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its latest conversation {code} has no session yet.</source>
        <translation>其最新对话 {code} 还没有会话。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its latest conversation {code} ran in another folder.</source>
        <translation>其最新对话 {code} 在另一个文件夹中运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the session of {code} is no longer on disk.</source>
        <translation>{code} 的会话已不在磁盘上。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the bundle holds no conversation.</source>
        <translation>资料包中没有对话。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Gathering the context of “{name}”…</source>
        <translation>正在收集“{name}”的上下文…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Continued {code} with the context of “{name}”, resuming its session.</source>
        <translation>已使用“{name}”的上下文继续 {code}，并恢复了其会话。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Started a conversation with the context of “{name}”.</source>
        <translation>已用“{name}”的上下文开始一个对话。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Export “{name}” to</source>
        <translation>将“{name}”导出到</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Exporting “{name}”…</source>
        <translation>正在导出“{name}”…</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Exported to {path}: %Ln transcripts.</source>
        <translation>
            <numerusform>已导出到 {path}:%Ln 个记录文件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln sessions without a transcript were left out.</source>
        <translation>
            <numerusform>有 %Ln 个没有记录文件的会话未包含在内。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <source>Import a bundle</source>
        <translation>导入资料包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Under which account should its conversations be kept?</source>
        <translation>其中的对话要保存在哪个账户下?</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Checking and importing {path}…</source>
        <translation>正在检查并导入 {path}…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Imported the bundle “{name}”: conversations {codes}.</source>
        <translation>已导入资料包“{name}”:对话 {codes}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Add to bundle</source>
        <translation>添加到资料包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add this session to the bundle (a new name creates one):</source>
        <translation>将此会话添加到资料包(输入新名称即新建一个):</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not add to the bundle: {reason}</source>
        <translation>无法添加到资料包:{reason}</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Added to the bundle “{name}”, now %Ln items.</source>
        <translation>
            <numerusform>已添加到资料包“{name}”,现有 %Ln 项。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BundlesPage</name>
    <message>
        <location filename="../desktop/ui/library/bundles_page.py" line="+123"/>
        <source>Bundles</source>
        <translation>资料包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bundles:</source>
        <translation>资料包(&amp;B):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New…</source>
        <translation>新建(&amp;N)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;name…</source>
        <translation>重命名(&amp;N)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;escription:</source>
        <translation>描述(&amp;E):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>I&amp;tems, in the order they are loaded:</source>
        <translation>条目(按载入顺序)(&amp;T):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Do&amp;wn</source>
        <translation>下移(&amp;W)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add N&amp;ote…</source>
        <translation>添加备注(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load Context…</source>
        <translation>载入上下文(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new conversation seeded with these items</source>
        <translation>以这些条目为上下文开始新对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport…</source>
        <translation>导出(&amp;X)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the item up</source>
        <translation>上移该条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the item down</source>
        <translation>下移该条目</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Note: {text}</source>
        <translation>备注:{text}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(no longer listed)</source>
        <translation>(已不在列表中)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session {id} · {title}</source>
        <translation>会话 {id} · {title}</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Created the bundle “{name}”.</source>
        <translation>已创建资料包“{name}”。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Renamed to “{name}”.</source>
        <translation>已重命名为“{name}”。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Description saved.</source>
        <translation>描述已保存。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Deleted the bundle “{name}”.</source>
        <translation>已删除资料包“{name}”。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Added.</source>
        <translation>已添加。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Note added.</source>
        <translation>备注已添加。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Moved.</source>
        <translation>已移动。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Removed from the bundle.</source>
        <translation>已从资料包中移除。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>New bundle</source>
        <translation>新建资料包</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A name for the bundle:</source>
        <translation>资料包的名称:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rename bundle</source>
        <translation>重命名资料包</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A new name for the bundle:</source>
        <translation>资料包的新名称:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a note</source>
        <translation>添加备注</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The note&apos;s text:</source>
        <translation>备注内容:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add to the bundle</source>
        <translation>添加到资料包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversations (SESS-042 or id) or session ids, separated by spaces:</source>
        <translation>对话(SESS-042 或 id)或会话 id,用空格分隔:</translation>
    </message>
</context>
<context>
    <name>CarryNotice</name>
    <message>
        <location filename="../desktop/ui/accounts/switcher.py" line="+24"/>
        <source>Nothing could be carried from the earlier account (its transcript is missing or unreadable): this turn started a fresh session.</source>
        <translation>无法从原账户延续任何内容（其对话记录缺失或无法读取）：本轮已开始一个全新会话。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nothing was carried from the earlier account: its transcript is damaged (some lines cannot be read). This turn started a fresh session.</source>
        <translation>没有从之前的账户带入任何内容：其对话记录已损坏（有些行无法读取）。本轮已开始一个新会话。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The summary could not be written: the recent turns were carried instead.</source>
        <translation>无法生成摘要：已改为延续最近的轮次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The conversation could not be moved whole: the recent turns were carried instead.</source>
        <translation>无法完整迁移对话：已改为延续最近的轮次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>claude refused the moved conversation: the recent turns were carried instead.</source>
        <translation>claude 拒绝了迁移的对话：已改为延续最近的轮次。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Less of the earlier conversation was carried than asked.</source>
        <translation>延续的原对话内容少于所要求的。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Its transcript under the earlier account is damaged (some lines cannot be read), so nothing will be carried: the next turn starts a fresh session.</source>
        <translation>它在之前账户下的对话记录已损坏（有些行无法读取），因此不会带入任何内容：下一轮将开始一个新会话。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Its transcript under the earlier account cannot be read, so nothing will be carried: the next turn starts a fresh session.</source>
        <translation>无法读取它在之前账户下的对话记录，因此不会带入任何内容：下一轮将开始一个新会话。</translation>
    </message>
</context>
<context>
    <name>CarrySection</name>
    <message>
        <location filename="../desktop/ui/settings/carry_section.py" line="+92"/>
        <source>Switching accounts</source>
        <translation>切换账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carry &amp;over by default:</source>
        <translation>默认延续(&amp;O)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing (a fresh session)</source>
        <translation>不延续（全新会话）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent turns, as written</source>
        <translation>最近的轮次，原文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A summary written under the old account</source>
        <translation>由原账户写的摘要</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The whole history, copied when possible</source>
        <translation>完整历史，尽可能复制</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>sessiondesk switch uses it when --carry-context is not given. The window&apos;s switcher asks each time, and carries this way (recent turns when this is Nothing). What is carried is sent to Anthropic under the new account.</source>
        <translation>未指定 --carry-context 时，sessiondesk switch 使用此设置。窗口的账户切换器每次都会询问，并按此方式延续（此处为“不延续”时则延续最近的轮次）。延续的内容将以新账户的身份发送给 Anthropic。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Carry at &amp;most:</source>
        <translation>最多延续(&amp;M)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> KB</source>
        <translation> KB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Never carry between:</source>
        <translation>从不在以下账户间延续(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Account pairs never carried between</source>
        <translation>从不延续上下文的账户对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First account of the pair</source>
        <translation>账户对中的第一个账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second account of the pair</source>
        <translation>账户对中的第二个账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add Pair</source>
        <translation>添加账户对(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remo&amp;ve Pair</source>
        <translation>移除账户对(&amp;V)</translation>
    </message>
</context>
<context>
    <name>ChangeSecretDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="+152"/>
        <source>Every account signs in with the login kept in its folder: none has a secret.</source>
        <translation>所有账户都使用其文件夹中保存的登录信息：没有账户有密钥。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Change secret</source>
        <translation>更改密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>账户(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New &amp;secret:</source>
        <translation>新密钥(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The API key or token goes to your system&apos;s keyring only. The next turn of this account uses it.</source>
        <translation>API 密钥或令牌只保存在系统密钥环中。此账户的下一轮对话将使用它。</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../desktop/ui/shell/palette.py" line="+138"/>
        <source>Command &amp;Palette…</source>
        <translation>命令面板(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find any command of the window by typing</source>
        <translation>输入文字即可找到窗口的任意命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a command</source>
        <translation>输入命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Commands</source>
        <translation>命令列表</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../desktop/ui/conversations/compare_dialog.py" line="+58"/>
        <source>Compare Branches</source>
        <translation>比较分支</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Shared history: 1 message</source>
        <translation>共同历史：1 条消息</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shared history: {count} messages</source>
        <translation>共同历史：{count} 条消息</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The two branches say the same.</source>
        <translation>两个分支内容相同。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>You</source>
        <translation>你</translation>
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
        <translation>正在启动…</translation>
    </message>
    <message>
        <location line="+73"/>
        <location line="+17"/>
        <location line="+5"/>
        <source>Working folder</source>
        <translation>工作文件夹</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>Ask Claude…  (Enter sends, Shift+Enter starts a new line)</source>
        <translation>向 Claude 提问…（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Claude is answering… (Esc stops it; the next prompt can be written now)</source>
        <translation>Claude 正在回答…（按 Esc 停止；现在就可以写下一条提示词）</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Enter sends the prompt; Shift+Enter starts a new line</source>
        <translation>按 Enter 发送提示词；按 Shift+Enter 换行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send the prompt (Enter or Ctrl+Enter)</source>
        <translation>发送提示词（Enter 或 Ctrl+Enter）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A&amp;ccount:</source>
        <translation>账户(&amp;C):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;older:</source>
        <translation>文件夹(&amp;O):</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+5"/>
        <source>Choose the working folder</source>
        <translation>选择工作文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Continue under another account…</source>
        <translation>改用另一个账户继续…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fr&amp;esh session</source>
        <translation>新会话(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start a new Claude session; the conversation so far is sent along as text</source>
        <translation>开始新的 Claude 会话；之前的对话会以文本形式一并发送</translation>
    </message>
</context>
<context>
    <name>ConversationDeleter</name>
    <message>
        <location filename="../desktop/ui/conversations/delete_conversation.py" line="+43"/>
        <source>&amp;Delete Conversation…</source>
        <translation>删除对话(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove the conversation from Sessiondesk, after saying what goes</source>
        <translation>先说明将删除的内容，再从 Sessiondesk 中删除该对话</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Choose a session of a conversation first.</source>
        <translation>请先选择一个属于对话的会话。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Also delete Claude&apos;s own transcripts of it ({size})</source>
        <translation>同时删除它的 Claude 对话记录（{size}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete Conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete {code} “{title}”?</source>
        <translation>删除 {code}“{title}”？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Its {count} recorded turns and its execution tree are removed.</source>
        <translation>将删除其 {count} 个已记录的轮次及其执行树。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>It is taken out of the bundles {names}; they keep their other items.</source>
        <translation>它将从合集 {names} 中移除；这些合集保留其他条目。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Its forks {codes} keep their own sessions and become conversations of their own.</source>
        <translation>其分支 {codes} 保留各自的会话，并成为独立的对话。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{codes} name it in their text; that text stays, and {code} is never given to another conversation.</source>
        <translation>{codes} 的文本中提到了它；这些文本保留，且 {code} 不会再分配给其他对话。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{count} of its Claude sessions are used by another conversation too and always stay.</source>
        <translation>其 {count} 个 Claude 会话也被其他对话使用，始终保留。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude&apos;s own transcripts stay on disk unless you tick the box below; it removes only the {count} that no other conversation uses.</source>
        <translation>除非勾选下方的复选框，Claude 的对话记录会保留在磁盘上；勾选后只删除没有其他对话使用的 {count} 个。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude&apos;s own transcripts stay on disk.</source>
        <translation>Claude 的对话记录保留在磁盘上。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Deleted {code}.</source>
        <translation>已删除 {code}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Removed {count} transcripts ({size}).</source>
        <translation>已删除 {count} 个对话记录（{size}）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} transcripts could not be removed.</source>
        <translation>有 {count} 个对话记录无法删除。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing was deleted: {reason}</source>
        <translation>未删除任何内容：{reason}</translation>
    </message>
</context>
<context>
    <name>ConversationHeader</name>
    <message>
        <location filename="../desktop/ui/conversations/conversation_header.py" line="+202"/>
        <source>{size}; tokens pending</source>
        <translation>{size}；令牌待报告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{tokens} tokens ({size})</source>
        <translation>{tokens} 个令牌（{size}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Input tokens that resumed turns did not send, compared with replaying the history</source>
        <translation>与重放历史相比，恢复的轮次未发送的输入令牌</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Resumed turns sent {fresh} new tokens; replays would have sent {replay}</source>
        <translation>恢复的轮次发送了 {fresh} 个新令牌；重放将发送 {replay} 个</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No description</source>
        <translation>没有描述</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit the title and press Enter to rename</source>
        <translation>编辑标题并按回车键以重命名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claude session:</source>
        <translation>Claude 会话：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved by resuming:</source>
        <translation>恢复会话节省：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Referenced by:</source>
        <translation>被引用于：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the Claude session id</source>
        <translation>复制 Claude 会话 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What this conversation is about; [[SESS-042]] links another</source>
        <translation>这个对话讲什么；[[SESS-042]] 链接到另一个对话</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit the description</source>
        <translation>编辑描述</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Switch…</source>
        <translation>切换…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go on with this conversation under another account (Ctrl+Shift+S)</source>
        <translation>用另一个账户继续此对话（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switch account</source>
        <translation>切换账户</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../desktop/ui/conversations/conversation_pane.py" line="+256"/>
        <source>Renamed {code}.</source>
        <translation>已重命名 {code}。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Described {code}.</source>
        <translation>已保存 {code} 的描述。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>There is no conversation {code}, or it has no session yet.</source>
        <translation>没有对话 {code}，或者它还没有会话。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>That session is not in the list yet.</source>
        <translation>该会话还不在列表中。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not a conversation yet — send a turn to start one.</source>
        <translation>还不是对话——发送一轮即可开始。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Executions</source>
        <translation>执行(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Enter continues from the chosen node; to compare two, Ctrl+click them or use Compare with in a node&apos;s menu.</source>
        <translation>按 Enter 从所选节点继续；要比较两个节点，请按住 Ctrl 单击它们，或使用节点菜单中的“与…比较”。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Continue from Here</source>
        <translation>从此处继续(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Fork from Here</source>
        <translation>从此处分叉(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Co&amp;mpare Branches</source>
        <translation>比较分支(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fork</source>
        <translation>分叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
</context>
<context>
    <name>EditAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_edit.py" line="+46"/>
        <source>Edit account</source>
        <translation>编辑账户</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Account:</source>
        <translation>账户(&amp;A)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept in the OS keyring, never in a file. Leave it empty to keep the stored one.</source>
        <translation>保存在系统密钥环中，从不写入文件。留空则保留已保存的密钥。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Choose the account&apos;s config folder.</source>
        <translation>请选择账户的配置文件夹。</translation>
    </message>
</context>
<context>
    <name>EditDiff</name>
    <message numerus="yes">
        <location filename="../desktop/ui/transcript/diff_html.py" line="+25"/>
        <source>cut to its first %Ln lines ({size} characters in all)</source>
        <translation>
            <numerusform>已截取前 %Ln 行（共 {size} 个字符）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln edits could not be read</source>
        <translation>
            <numerusform>%Ln 处编辑无法读取</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every occurrence in the file is replaced</source>
        <translation>文件中的每一处都会被替换</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln more lines of the diff are not shown</source>
        <translation>
            <numerusform>还有 %Ln 行差异未显示</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln more edits are not shown</source>
        <translation>
            <numerusform>还有 %Ln 处编辑未显示</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no change</source>
        <translation>无改动</translation>
    </message>
</context>
<context>
    <name>EmptyCentre</name>
    <message>
        <location filename="../desktop/ui/shell/empty_centre.py" line="+41"/>
        <source>Claude Code&apos;s folder was found at {folder}, but it is not an account here yet.</source>
        <translation>已在 {folder} 找到 Claude Code 的文件夹，但它还不是这里的账户。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No Claude Code folder was found at {folder}: sign in once with the claude command, or add the folder of an account you already use.</source>
        <translation>在 {folder} 未找到 Claude Code 文件夹：请先用 claude 命令登录一次，或添加您已在使用的账户的文件夹。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its sessions will appear in the list on the left, newest first.</source>
        <translation>它的会话将显示在左侧列表中，最新的在前。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No Claude accounts yet</source>
        <translation>还没有 Claude 账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Account…</source>
        <translation>添加账户…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading sessions…</source>
        <translation>正在读取会话…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sessiondesk is reading the Claude Code sessions on this computer. They appear on the left as they are found.</source>
        <translation>Sessiondesk 正在读取这台电脑上的 Claude Code 会话，找到后会显示在左侧。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No sessions yet</source>
        <translation>还没有会话</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sessions appear on the left as soon as Claude Code writes them. Start one with New Conversation (Ctrl+N).</source>
        <translation>Claude Code 写入会话后，会话会立即显示在左侧。用“新对话”（Ctrl+N）开始一个。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No session selected</source>
        <translation>未选择会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a session on the left to read its transcript.</source>
        <translation>在左侧选择一个会话，即可查看它的对话记录。</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <location filename="../desktop/ui/common/error_text.py" line="+244"/>
        <source>Sessiondesk&apos;s database {path} is damaged and was left as it is. Restore it from a backup; if only the search index is damaged, rebuild the index.</source>
        <translation>Sessiondesk 的数据库 {path} 已损坏，未作任何改动。请从备份恢复；如果只有搜索索引损坏，请重建索引。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sessiondesk&apos;s database {path} was deleted or replaced while in use. Nothing more was written to it: restore it from a backup.</source>
        <translation>Sessiondesk 的数据库 {path} 在使用中被删除或替换。没有再写入任何内容：请从备份恢复。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That turn ran under {account}, and its conversation has moved to {owner}: continue the conversation itself instead. Nothing was sent.</source>
        <translation>该轮次在 {account} 下运行，而其对话已移至 {owner}：请直接继续该对话。未发送任何内容。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The turn {execution} was not kept; its transcript: {transcript}.</source>
        <translation>轮次 {execution} 未被保存；其记录：{transcript}。</translation>
    </message>
    <message>
        <location line="-247"/>
        <source>The file holds {count} entries: too many for a bundle.</source>
        <translation>该文件包含 {count} 个条目:对资料包而言太多。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” has an absolute path or a path that leaves its folder.</source>
        <translation>条目“{entry}”使用了绝对路径或跳出其文件夹的路径。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The entry “{entry}” is a symbolic link.</source>
        <translation>条目“{entry}”是一个符号链接。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The entry “{entry}” is a folder.</source>
        <translation>条目“{entry}”是一个文件夹。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The entry “{entry}” is encrypted.</source>
        <translation>条目“{entry}”已加密。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” appears twice.</source>
        <translation>条目“{entry}”出现了两次。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” is too large.</source>
        <translation>条目“{entry}”过大。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The entry “{entry}” would expand far beyond its size (a zip bomb?).</source>
        <translation>条目“{entry}”解压后会远超其大小(zip 炸弹?)。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The file would expand to more than a bundle may hold.</source>
        <translation>该文件解压后会超过资料包允许的大小。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is not a Sessiondesk bundle.</source>
        <translation>该文件不是 Sessiondesk 资料包。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The bundle&apos;s manifest is damaged or invalid.</source>
        <translation>资料包的清单已损坏或无效。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The bundle was made by a newer Sessiondesk (format {version}): update to import it.</source>
        <translation>该资料包由更新版本的 Sessiondesk 创建(格式 {version}):请更新后再导入。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The manifest lists “{entry}”, which the file lacks.</source>
        <translation>清单列出了“{entry}”,但文件中没有。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file holds “{entry}”, which its manifest does not list.</source>
        <translation>该文件包含“{entry}”,但其清单中没有列出。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>“{entry}” is not what the manifest says (its size or checksum differs).</source>
        <translation>“{entry}”与清单所述不符(大小或校验和不同)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} cannot be read.</source>
        <translation>无法读取 {path}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} is not a readable zip file (damaged?).</source>
        <translation>{path} 不是可读取的 zip 文件(已损坏?)。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The folder {folder} does not exist.</source>
        <translation>文件夹 {folder} 不存在。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The bundle holds items of other accounts than {account}: {items}. Tick the box to send their text under {account}.</source>
        <translation>资料包包含 {account} 以外账户的条目:{items}。勾选复选框即可以 {account} 发送它们的文本。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A bundle named “{name}” exists already.</source>
        <translation>已有名为“{name}”的资料包。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A bundle&apos;s name is 1 to 128 printable characters.</source>
        <translation>资料包名称须为 1 到 128 个可打印字符。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The note is empty.</source>
        <translation>备注为空。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{name} is not an image Claude accepts (PNG, JPEG, GIF or WebP).</source>
        <translation>{name} 不是 Claude 接受的图片（PNG、JPEG、GIF 或 WebP）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} is {size}; an image can be at most {limit} (the Claude API&apos;s limit).</source>
        <translation>{name} 大小为 {size}；一张图片最多 {limit}（Claude API 的限制）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A turn can send at most {limit} images.</source>
        <translation>一轮最多可发送 {limit} 张图片。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>There is no image file {path}.</source>
        <translation>图片文件 {path} 不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The image {path} cannot be read.</source>
        <translation>无法读取图片 {path}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{path} is a folder: choose a file name.</source>
        <translation>{path} 是一个文件夹：请选择一个文件名。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is a device, not a file: choose a file name.</source>
        <translation>{path} 是一个设备，不是文件：请选择一个文件名。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is a named pipe (FIFO), not a file: choose a file name.</source>
        <translation>{path} 是一个命名管道（FIFO），不是文件：请选择一个文件名。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{path} is not a regular file: choose another file name.</source>
        <translation>{path} 不是普通文件：请选择另一个文件名。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is read-only: choose another file name.</source>
        <translation>{path} 是只读的：请选择另一个文件名。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} cannot be written ({why}). Nothing was changed.</source>
        <translation>无法写入 {path}（{why}）。没有任何改动。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a file name.</source>
        <translation>请选择一个文件名。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} is on a kernel file system and cannot hold Sessiondesk&apos;s data: choose another folder.</source>
        <translation>{path} 位于内核文件系统上，无法保存 Sessiondesk 的数据：请选择另一个文件夹。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sessiondesk&apos;s data folder {path} is read-only: make it writable, or choose another folder.</source>
        <translation>Sessiondesk 的数据文件夹 {path} 是只读的：请使其可写，或选择另一个文件夹。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The disk that holds {path} is full: free some space and try again.</source>
        <translation>存放 {path} 的磁盘已满：请释放一些空间后重试。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The database {path} cannot be written (a read-only or immutable file): make it writable.</source>
        <translation>无法写入数据库 {path}（只读或不可变的文件）：请使其可写。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a folder.</source>
        <translation>请选择一个文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{folder} exists and is not a folder.</source>
        <translation>{folder} 已存在，但不是文件夹。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This account signs in with the login kept in its folder: it has no secret to change.</source>
        <translation>此账户使用其文件夹中保存的登录信息：没有可更改的密钥。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The secret is empty.</source>
        <translation>密钥为空。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no account named {name}.</source>
        <translation>没有名为 {name} 的账户。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“{name}” cannot be an account name: use up to 64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;, starting with a letter or digit.</source>
        <translation>“{name}”不能作为账户名：请使用最多 64 个字母、数字、“.”、“_”或“-”，并以字母或数字开头。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An account named {name} exists already.</source>
        <translation>名为 {name} 的账户已存在。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write a prompt first.</source>
        <translation>请先写一条提示。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose an account for this conversation.</source>
        <translation>请为此对话选择一个账户。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose a working folder.</source>
        <translation>请选择一个工作文件夹。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The working folder {folder} does not exist.</source>
        <translation>工作文件夹 {folder} 不存在。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>claude could not be started ({path}).</source>
        <translation>无法启动 claude（{path}）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The claude program was not found. Install Claude Code, or choose the program in Settings.</source>
        <translation>未找到 claude 程序。请安装 Claude Code，或在设置中选择该程序。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} does not exist. Choose the claude program in Settings.</source>
        <translation>{path} 不存在。请在设置中选择 claude 程序。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is a folder, not the claude program. Choose the program in Settings.</source>
        <translation>{path} 是一个文件夹，不是 claude 程序。请在设置中选择该程序。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} cannot be run (it is not executable). Choose the program in Settings.</source>
        <translation>{path} 无法运行（不可执行）。请在设置中选择该程序。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No keyring is available to keep secrets. Start your desktop&apos;s keyring and unlock it.</source>
        <translation>没有可用于保存密钥的密钥环。请启动桌面的密钥环并将其解锁。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This conversation is still answering a turn: wait for it, or stop it (Esc).</source>
        <translation>此对话仍在回答上一轮：请等待它结束，或将其停止（Esc）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{code} is still answering a turn: stop it first (Esc), then delete it.</source>
        <translation>{code} 仍在回答一个轮次：请先停止它（Esc），再删除。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>There is no conversation {codes}: fix the reference. Nothing was sent.</source>
        <translation>没有对话 {codes}：请修正引用。未发送任何内容。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{codes} belongs to another account than {account}. Nothing was sent.</source>
        <translation>{codes} 属于 {account} 以外的另一个账户。未发送任何内容。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The keyring is locked: unlock it and try again.</source>
        <translation>密钥环已锁定：请解锁后重试。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>That cannot be done as asked.</source>
        <translation>无法按要求完成此操作。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>That exists already.</source>
        <translation>该项已存在。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>That could not be found; it may have been removed.</source>
        <translation>找不到该项；它可能已被删除。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sessiondesk&apos;s database cannot be used right now.</source>
        <translation>目前无法使用 Sessiondesk 的数据库。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The keyring refused to keep or give the secret.</source>
        <translation>密钥环拒绝保存或提供密钥。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>claude could not be run or did not answer as expected.</source>
        <translation>claude 无法运行，或未按预期响应。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The claude program was not found. Choose it in Settings.</source>
        <translation>未找到 claude 程序。请在设置中选择它。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Something went wrong.</source>
        <translation>出了点问题。</translation>
    </message>
</context>
<context>
    <name>ExecutionTree</name>
    <message>
        <location filename="../desktop/ui/conversations/tree_labels.py" line="+19"/>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fork</source>
        <translation>分叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replay</source>
        <translation>重放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>re-run</source>
        <translation>重新运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>carry-over</source>
        <translation>转入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>switch</source>
        <translation>切换</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rollover</source>
        <translation>接续</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>carries nothing</source>
        <translation>不携带内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>carries raw</source>
        <translation>携带原文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>carries a summary</source>
        <translation>携带摘要</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>migrates</source>
        <translation>迁移记录</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>replayed 1 turn</source>
        <translation>重放了 1 轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replayed {count} turns</source>
        <translation>重放了 {count} 轮</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>carried raw {size} KB</source>
        <translation>携带原文 {size} KB</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>carried a summary</source>
        <translation>携带了摘要</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>migrated</source>
        <translation>已迁移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fresh</source>
        <translation>全新</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Claude session: {id}</source>
        <translation>Claude 会话：{id}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No Claude session: a switch runs nothing</source>
        <translation>无 Claude 会话：切换不运行任何内容</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude session: extracting…</source>
        <translation>Claude 会话：正在提取…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claude session: none (the turn ended before it got one)</source>
        <translation>Claude 会话：无（该轮在获得会话前已结束）</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_model.py" line="+48"/>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>In {code}, a conversation of its own</source>
        <translation>属于 {code}，一个独立的对话</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>◀ The newest turn of its line: Continue goes on from here</source>
        <translation>◀ 该分支的最新一轮：从这里继续</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_labels.py" line="-29"/>
        <source>resumed</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_model.py" line="-76"/>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_labels.py" line="+37"/>
        <source>Execution {id}</source>
        <translation>执行 {id}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ran with: {modes}</source>
        <translation>运行方式：{modes}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sent {sent}; resuming saved {saved}</source>
        <translation>已发送 {sent}；恢复节省 {saved}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Replayed because: {reason}</source>
        <translation>重放原因：{reason}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Failed: {error}</source>
        <translation>失败：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no error recorded</source>
        <translation>未记录错误</translation>
    </message>
    <message>
        <location filename="../desktop/ui/conversations/tree_menu.py" line="+47"/>
        <source>Compare &amp;with</source>
        <translation>与…比较(&amp;W)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copy &amp;Session ID</source>
        <translation>复制会话 ID(&amp;S)</translation>
    </message>
</context>
<context>
    <name>FolderListEditor</name>
    <message>
        <location filename="../desktop/ui/settings/roots_editor.py" line="+49"/>
        <source>A&amp;dd…</source>
        <translation>添加(&amp;D)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folders whose sessions are listed</source>
        <translation>列出其会话的文件夹</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
</context>
<context>
    <name>InsightPage</name>
    <message>
        <location filename="../desktop/ui/library/insight_page.py" line="+149"/>
        <source>Insight</source>
        <translation>统计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>账户(&amp;A):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;ince</source>
        <translation>起始日期(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count only the turns started on or after this day</source>
        <translation>只统计在这一天或之后开始的轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Since this day</source>
        <translation>从这一天起</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+41"/>
        <source>All accounts</source>
        <translation>所有账户</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Project folder</source>
        <translation>项目文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By account</source>
        <translation>按账户</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>By project</source>
        <translation>按项目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By conversation</source>
        <translation>按对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outcomes</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Branches</source>
        <translation>分支</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+155"/>
        <source>Turns</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="-154"/>
        <source>Tokens in</source>
        <translation>输入 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens out</source>
        <translation>输出 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost (USD)</source>
        <translation>费用(美元)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Success rate</source>
        <translation>成功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+147"/>
        <source>Rollovers</source>
        <translation>接续</translation>
    </message>
    <message>
        <location line="-146"/>
        <location line="+144"/>
        <source>Resumes</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="-143"/>
        <location line="+144"/>
        <source>Replays</source>
        <translation>重放</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>Tokens saved</source>
        <translation>节省的令牌</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Counting…</source>
        <translation>正在统计…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Could not count: {reason}</source>
        <translation>无法统计:{reason}</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln turns counted</source>
        <translation>
            <numerusform>已统计 %Ln 个轮次</numerusform>
        </translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Resumed turns sent {fresh} new input tokens; replays would have sent {replay}</source>
        <translation>恢复的轮次发送了 {fresh} 个新输入令牌；重放将发送 {replay} 个</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Turns by outcome</source>
        <translation>按结果统计的轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How turns got their history</source>
        <translation>轮次如何获得历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resumed</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replayed</source>
        <translation>已重放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fresh start</source>
        <translation>全新开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Others</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Turns per conversation (average {average})</source>
        <translation>每个对话的轮次（平均 {average}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How turns began, per account (share of turns)</source>
        <translation>各账户的轮次如何开始（占轮次的比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forks</source>
        <translation>分叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-runs</source>
        <translation>重新运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
</context>
<context>
    <name>LibraryRoom</name>
    <message>
        <location filename="../desktop/ui/library/room.py" line="+82"/>
        <source>&amp;Insight…</source>
        <translation>统计(&amp;I)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Turns, tokens, cost and success per account, project and conversation</source>
        <translation>按账户、项目和对话统计的轮次、token、费用和成功率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Bundles…</source>
        <translation>资料包(&amp;B)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Named collections of conversations, sessions and notes to load as context</source>
        <translation>可作为上下文载入的、有名称的对话、会话和备注集合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add Conversation to &amp;Bundle…</source>
        <translation>将对话添加到资料包(&amp;B)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export Session…</source>
        <translation>导出会话(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the chosen session as Markdown or HTML</source>
        <translation>将所选会话保存为 Markdown 或 HTML</translation>
    </message>
</context>
<context>
    <name>LivePresenter</name>
    <message>
        <location filename="../desktop/ui/runs/live_transcript.py" line="+125"/>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose an account and a working folder below, then send the first prompt.</source>
        <translation>请在下方选择账户和工作文件夹，然后发送第一条提示词。</translation>
    </message>
</context>
<context>
    <name>LoadContextDialog</name>
    <message>
        <location filename="../desktop/ui/library/load_dialog.py" line="+45"/>
        <source>Load context of “{name}”</source>
        <translation>载入“{name}”的上下文</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What should Claude do with this context?</source>
        <translation>Claude 应该用这些上下文做什么?</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Account:</source>
        <translation>账户(&amp;A):</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Prompt:</source>
        <translation>提示(&amp;P):</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Also send the text of {items} under {account}</source>
        <translation>也以 {account} 发送 {items} 的文本</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Working folder</source>
        <translation>工作文件夹</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Choose an account for this conversation.</source>
        <translation>请为此对话选择一个账户。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The working folder {folder} does not exist.</source>
        <translation>工作文件夹 {folder} 不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a prompt first.</source>
        <translation>请先写一条提示。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tick the box to send the other accounts&apos; text, or choose their account.</source>
        <translation>勾选复选框以发送其他账户的文本,或选择它们的账户。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../desktop/ui/shell/main_window.py" line="+285"/>
        <source>Accounts: {count}</source>
        <translation>账户：{count}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not load accounts</source>
        <translation>无法加载账户</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not save the language</source>
        <translation>无法保存语言设置</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No translation found for {language}; showing English.</source>
        <translation>未找到{language}翻译，将显示英文。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Settings saved.</source>
        <translation>设置已保存。</translation>
    </message>
    <message>
        <location filename="../desktop/ui/shell/about.py" line="+23"/>
        <source>About Sessiondesk</source>
        <translation>关于 Sessiondesk</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every Claude Code session on this machine, for every account.</source>
        <translation>本机每个账户的全部 Claude Code 会话。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Data folder: {path}</source>
        <translation>数据文件夹：{path}</translation>
    </message>
</context>
<context>
    <name>MenuBar</name>
    <message>
        <location filename="../desktop/ui/shell/menu_bar.py" line="+60"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Session</source>
        <translation>会话(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Conversation</source>
        <translation>对话(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Accounts</source>
        <translation>账户(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Show sessions of</source>
        <translation>显示以下账户的会话</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No accounts yet</source>
        <translation>还没有账户</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>All Accounts</source>
        <translation>所有账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List the sessions of every account</source>
        <translation>列出所有账户的会话</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>List only the sessions of {name}</source>
        <translation>只列出 {name} 的会话</translation>
    </message>
</context>
<context>
    <name>ModeChoices</name>
    <message>
        <location filename="../desktop/ui/runs/mode_choices.py" line="+122"/>
        <location line="+31"/>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>Claude&apos;s own choice for this account</source>
        <translation>由 Claude 为此账户选择</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The model this conversation&apos;s turns ask for</source>
        <translation>此对话的各轮所请求的模型</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mo&amp;de:</source>
        <translation>模式(&amp;D)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission mode</source>
        <translation>权限模式</translation>
    </message>
</context>
<context>
    <name>ModeFlow</name>
    <message>
        <location filename="../desktop/ui/runs/mode_flow.py" line="+106"/>
        <source>claude did not list its models: {reason}</source>
        <translation>claude 未列出其模型：{reason}</translation>
    </message>
</context>
<context>
    <name>PermissionCard</name>
    <message>
        <location filename="../desktop/ui/runs/permission_card.py" line="+191"/>
        <source>✗ Denied</source>
        <translation>✗ 已拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ Allowed, and allowed again until this turn ends</source>
        <translation>✓ 已允许，本轮结束前不再询问</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✓ Allowed</source>
        <translation>✓ 已允许</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚑ Claude wants to use {tool}</source>
        <translation>⚑ Claude 想要使用 {tool}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claude asked to use {tool}</source>
        <translation>Claude 请求使用 {tool}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A&amp;llow</source>
        <translation>允许(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow for this &amp;session</source>
        <translation>本次会话内允许(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Allow, and do not ask again about {tool} until this turn ends</source>
        <translation>允许，并在本轮结束前不再询问 {tool}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Deny</source>
        <translation>拒绝(&amp;D)</translation>
    </message>
</context>
<context>
    <name>ProblemText</name>
    <message>
        <location filename="../desktop/ui/transcript/problem_text.py" line="+22"/>
        <source>the last line is incomplete (still being written?)</source>
        <translation>最后一行不完整（可能仍在写入？）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an empty line</source>
        <translation>空行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not valid JSON</source>
        <translation>不是有效的 JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not text</source>
        <translation>不是文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>invalid characters, shown as �</source>
        <translation>无效字符，显示为 �</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>JSON, but not an object</source>
        <translation>是 JSON，但不是对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a line too long to read</source>
        <translation>行太长，无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the disk could not read it</source>
        <translation>磁盘无法读取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the file cannot be opened</source>
        <translation>无法打开该文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Line {line}: {reason}</source>
        <translation>第 {line} 行：{reason}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>At byte {offset}: {reason}</source>
        <translation>在第 {offset} 字节处：{reason}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{problem} (in {file})</source>
        <translation>{problem}（在 {file} 中）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One line of this transcript could not be read. Everything readable is shown.</source>
        <translation>此记录有 1 行无法读取。已显示所有可读内容。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n lines of this transcript could not be read. Everything readable is shown.</source>
        <translation>
            <numerusform>此记录有 %n 行无法读取。已显示所有可读内容。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One line of this transcript had invalid characters.</source>
        <translation>此记录有 1 行包含无效字符。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n lines of this transcript had invalid characters.</source>
        <translation>
            <numerusform>此记录有 %n 行包含无效字符。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PruneDialog</name>
    <message>
        <location filename="../desktop/ui/settings/archive_removal.py" line="+56"/>
        <source>Prune Archive</source>
        <translation>清理归档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>账户(&amp;A)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Older than:</source>
        <translation>早于(&amp;O)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Prune</source>
        <translation>清理(&amp;P)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No accounts yet.</source>
        <translation>还没有账户。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No archived copy of this account is that old.</source>
        <translation>此账户没有这么旧的归档副本。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Removes {count} archived copies ({size}). {gone} sessions whose original Claude Code deleted leave the list; {kept} whose original is on disk stay.</source>
        <translation>将删除 {count} 个归档副本（{size}）。{gone} 个原始文件已被 Claude Code 删除的会话将从列表中消失；{kept} 个原始文件仍在磁盘上的会话保留。</translation>
    </message>
</context>
<context>
    <name>QuestionBox</name>
    <message>
        <location filename="../desktop/ui/runs/question_card.py" line="+154"/>
        <source>Other:</source>
        <translation>其他:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your own answer</source>
        <translation>您自己的回答</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <location line="+133"/>
        <source>✗ Not answered</source>
        <translation>✗ 未回答</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ Sent:</source>
        <translation>✓ 已发送:</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>⚑ Claude asks you %n question(s)</source>
        <translation>
            <numerusform>⚑ Claude 向您提出 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Claude asked %n question(s)</source>
        <translation>
            <numerusform>Claude 提出了 %n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send Ans&amp;wers</source>
        <translation>发送回答(&amp;W)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ca&amp;ncel</source>
        <translation>取消(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answer nothing: Claude is told the questions were declined</source>
        <translation>不回答:Claude 会得知这些问题被拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answer every question to send</source>
        <translation>回答所有问题后才能发送</translation>
    </message>
</context>
<context>
    <name>ReferenceConsent</name>
    <message>
        <location filename="../desktop/ui/runs/reference_consent.py" line="+21"/>
        <source>Another account&apos;s conversation</source>
        <translation>另一个账户的对话</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This prompt refers to {codes}, a conversation of another account.</source>
        <translation>此提示引用了 {codes}，这是另一个账户的对话。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Its recent text will be sent to Anthropic under {account}, with this prompt. Send it?</source>
        <translation>它最近的文本将与此提示一起以 {account} 账户发送给 Anthropic。要发送吗？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send under {account}</source>
        <translation>以 {account} 发送</translation>
    </message>
</context>
<context>
    <name>RemoveAccountDialog</name>
    <message>
        <location filename="../desktop/ui/accounts/account_dialogs.py" line="-90"/>
        <source>Remove account</source>
        <translation>移除账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Account:</source>
        <translation>账户(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sessiondesk forgets the account and its stored secret. Its config folder and its transcripts stay on disk.</source>
        <translation>Sessiondesk 将忘记该账户及其保存的密钥。它的配置文件夹和对话记录仍保留在磁盘上。</translation>
    </message>
</context>
<context>
    <name>RolloverSettings</name>
    <message>
        <location filename="../desktop/ui/settings/rollover_settings.py" line="+85"/>
        <source>Rollover</source>
        <translation>会话接续</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Start a fresh session before the context window is full</source>
        <translation>在上下文窗口占满之前开始新会话(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At &amp;context tokens:</source>
        <translation>上下文令牌数达到(&amp;C):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> tokens</source>
        <translation> 个令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instead, at a &amp;share of the model&apos;s window:</source>
        <translation>或者，达到模型窗口的比例(&amp;S):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not used</source>
        <translation>不使用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed the &amp;new session with:</source>
        <translation>新会话的开头内容(&amp;N):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The recent turns</source>
        <translation>最近的几轮对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A summary written by Claude</source>
        <translation>由 Claude 撰写的摘要</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The conversation keeps its SESS handle and its history; the next turn goes to a new Claude session that starts with a continuation of the old one.</source>
        <translation>对话保留其 SESS 编号和历史；下一轮进入一个新的 Claude 会话，该会话以旧会话的延续开头。</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <location filename="../desktop/ui/runs/run_controller.py" line="+322"/>
        <source>The turn failed.</source>
        <translation>本轮对话失败。</translation>
    </message>
</context>
<context>
    <name>RunDesk</name>
    <message>
        <location filename="../desktop/ui/runs/run_desk.py" line="+201"/>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
<context>
    <name>RunIndicator</name>
    <message numerus="yes">
        <location filename="../desktop/ui/runs/run_indicator.py" line="+171"/>
        <source>%Ln runs streaming</source>
        <translation>
            <numerusform>%Ln 个运行正在输出</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln waiting for permission</source>
        <translation>
            <numerusform>%Ln 个等待授权</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunModes</name>
    <message>
        <location filename="../desktop/ui/common/run_mode_words.py" line="+26"/>
        <source>Ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accept edits</source>
        <translation>接受编辑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bypass</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Claude asks before it edits a file or runs a command (its default)</source>
        <translation>Claude 在编辑文件或运行命令前先询问（默认）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File edits need no answer; commands still ask</source>
        <translation>编辑文件无需回答；运行命令仍会询问</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Plan mode: Claude reads and thinks, then proposes a plan; it changes nothing</source>
        <translation>计划模式：Claude 阅读并思考，然后提出计划；不做任何更改</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bypass permissions: every tool runs without asking (claude refuses this as root)</source>
        <translation>跳过权限：所有工具都不经询问直接运行（以 root 运行时 claude 会拒绝）</translation>
    </message>
</context>
<context>
    <name>RunNotices</name>
    <message>
        <location filename="../desktop/ui/runs/run_notices.py" line="+88"/>
        <source>Claude needs your permission</source>
        <translation>Claude 需要你的许可</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tool} in “{turn}”</source>
        <translation>“{turn}”中的 {tool}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claude asks you</source>
        <translation>Claude 向您提问</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the turn failed</source>
        <translation>本轮失败</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A turn failed</source>
        <translation>有一轮失败了</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Claude finished</source>
        <translation>Claude 已完成</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Claude stopped</source>
        <translation>Claude 已停止</translation>
    </message>
</context>
<context>
    <name>RunWall</name>
    <message>
        <location filename="../desktop/ui/runs/run_wall.py" line="+195"/>
        <source>needs answer: {tools}</source>
        <translation>等待回答：{tools}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(another process)</source>
        <translation>（其他进程）</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%Ln turns running across accounts</source>
        <translation>
            <numerusform>各账户共有 %Ln 个轮次在运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln waiting for an answer</source>
        <translation>
            <numerusform>%Ln 个等待回答</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This question waits in another Sessiondesk process (process {pid}): answer it there, in its window or terminal.</source>
        <translation>此问题在另一个 Sessiondesk 进程（进程 {pid}）中等待：请在该进程的窗口或终端中回答。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Elapsed</source>
        <translation>已用时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No turn is running. Turns started here, in another window or by the sessiondesk command show here.</source>
        <translation>没有正在运行的轮次。在此窗口、其他窗口或 sessiondesk 命令中启动的轮次会显示在这里。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Open Conversation</source>
        <translation>打开对话(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;top Run</source>
        <translation>停止运行(&amp;T)</translation>
    </message>
</context>
<context>
    <name>SearchBar</name>
    <message>
        <location filename="../desktop/ui/search/search_panel.py" line="+194"/>
        <source>Search all sessions (Ctrl+K)</source>
        <translation>搜索所有会话 (Ctrl+K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search all sessions</source>
        <translation>搜索所有会话</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>No session mentions “{query}”.</source>
        <translation>没有会话提到“{query}”。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>in text sent with the turn:</source>
        <translation>在随本轮发送的文本中：</translation>
    </message>
</context>
<context>
    <name>SessionBrowser</name>
    <message>
        <location filename="../desktop/ui/sessions/session_browser.py" line="+193"/>
        <source>That session is not in the list yet.</source>
        <translation>该会话还不在列表中。</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Indexing {done} / {total}</source>
        <translation>正在索引 {done} / {total}</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>Indexed %Ln sessions.</source>
        <translation>
            <numerusform>已索引 %Ln 个会话。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Some transcripts could not be read: {first}</source>
        <translation>部分对话记录无法读取：{first}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Indexing failed: {reason}</source>
        <translation>索引失败：{reason}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Loading transcript…</source>
        <translation>正在加载对话记录…</translation>
    </message>
</context>
<context>
    <name>SessionExporter</name>
    <message>
        <location filename="../desktop/ui/library/session_export.py" line="+55"/>
        <source>Choose a session in the list first</source>
        <translation>请先在列表中选择一个会话</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export session</source>
        <translation>导出会话</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Exporting…</source>
        <translation>正在导出…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved the session to {path}.</source>
        <translation>会话已保存到 {path}。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{path} cannot be written: {why}</source>
        <translation>无法写入 {path}:{why}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not export the session: {reason}</source>
        <translation>无法导出会话:{reason}</translation>
    </message>
</context>
<context>
    <name>SessionListPane</name>
    <message>
        <location filename="../desktop/ui/sessions/session_list.py" line="+192"/>
        <location line="+12"/>
        <source>Accounts</source>
        <translation>账户</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+7"/>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>All accounts</source>
        <translation>所有账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>Filter sessions</source>
        <translation>筛选会话</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>All projects</source>
        <translation>所有项目</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The selected session is shown beside the list</source>
        <translation>所选会话显示在列表旁边</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show &amp;Hidden Conversations</source>
        <translation>显示隐藏的对话(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List the sessions of hidden conversations too</source>
        <translation>同时列出隐藏对话的会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show hidden</source>
        <translation>显示隐藏的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show hidden conversations</source>
        <translation>显示隐藏的对话</translation>
    </message>
    <message numerus="yes">
        <location line="+171"/>
        <source>%Ln sessions shown</source>
        <translation>
            <numerusform>显示 %Ln 个会话</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionMenu</name>
    <message>
        <location filename="../desktop/ui/sessions/context_menu.py" line="+55"/>
        <source>&amp;Continue This Session</source>
        <translation>继续此会话(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Fork into a New Session</source>
        <translation>分叉为新会话(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add to &amp;Bundle…</source>
        <translation>添加到资料包(&amp;B)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove &amp;Archived Copy…</source>
        <translation>删除归档副本(&amp;A)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy Session &amp;ID</source>
        <translation>复制会话 ID(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open Project Folder</source>
        <translation>打开项目文件夹(&amp;O)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reveal Transcript &amp;File</source>
        <translation>显示记录文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Unhide Conversation</source>
        <translation>取消隐藏对话(&amp;U)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Hide Conversation</source>
        <translation>隐藏对话(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete Conversation…</source>
        <translation>删除对话(&amp;D)…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{code} is hidden from the list; View → Show Hidden Conversations lists it again.</source>
        <translation>{code} 已从列表中隐藏；“视图 → 显示隐藏的对话”可再次列出它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{code} is listed again.</source>
        <translation>{code} 已重新列出。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copied the session id {id}.</source>
        <translation>已复制会话 ID {id}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rename session</source>
        <translation>重命名会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A title for this conversation:</source>
        <translation>此对话的标题：</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not rename: {reason}</source>
        <translation>无法重命名：{reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Renamed to “{title}”.</source>
        <translation>已重命名为“{title}”。</translation>
    </message>
</context>
<context>
    <name>SessionTableModel</name>
    <message>
        <location filename="../desktop/ui/sessions/session_model.py" line="+119"/>
        <location line="+6"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+6"/>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Msgs</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+6"/>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Messages</source>
        <translation>消息数</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{title} · archived</source>
        <translation>{title} · 已归档</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{code} fork of {parent} · {title}</source>
        <translation>{code} 分叉自 {parent} · {title}</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>{code}, a fork of {parent}</source>
        <translation>{code}，{parent} 的分叉</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conversation {code}</source>
        <translation>对话 {code}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Damaged: {error}</source>
        <translation>已损坏：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is gone from disk; it opens from Sessiondesk&apos;s archive.</source>
        <translation>该文件已从磁盘删除;它会从 Sessiondesk 的归档中打开。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is gone from disk; this is what was indexed.</source>
        <translation>文件已从磁盘上消失；这里显示的是已索引的内容。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../desktop/ui/settings/settings_dialog.py" line="+176"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Claude Code program:</source>
        <translation>Claude Code 程序(&amp;C)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty: look for claude on the PATH</source>
        <translation>留空：在 PATH 中查找 claude</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Same as the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Session &amp;folders:</source>
        <translation>会话文件夹(&amp;F)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only sessions started in these folders (or below them) are listed and searched. Leave the list empty to see every session.</source>
        <translation>只列出和搜索在这些文件夹（或其子文件夹）中开始的会话。列表留空则显示所有会话。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This run uses {path}, given with --claude on the command line.</source>
        <translation>本次运行使用命令行 --claude 指定的 {path}。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>There is no file at this path.</source>
        <translation>此路径下没有文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This is a folder; choose the claude program inside it.</source>
        <translation>这是一个文件夹；请选择其中的 claude 程序。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This file is not executable.</source>
        <translation>此文件不可执行。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Choose the claude program</source>
        <translation>选择 claude 程序</translation>
    </message>
</context>
<context>
    <name>StartRefusal</name>
    <message>
        <location filename="../desktop/ui/runs/start_refusal.py" line="+60"/>
        <source>The turn did not start: {reason}</source>
        <translation>本轮未能开始：{reason}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>claude found: {path}</source>
        <translation>已找到 claude：{path}</translation>
    </message>
</context>
<context>
    <name>SwitchFlow</name>
    <message>
        <location filename="../desktop/ui/runs/switch_flow.py" line="+144"/>
        <source>The conversation now runs under {account}</source>
        <translation>对话现在以 {account} 运行</translation>
    </message>
</context>
<context>
    <name>ThisRunOffer</name>
    <message>
        <location filename="../desktop/ui/accounts/this_run.py" line="+60"/>
        <source>The keyring is locked. Unlock it and try again, or Sessiondesk can keep the secret in memory until you quit instead: it is never written to disk, and you will have to enter it again the next time you start Sessiondesk.</source>
        <translation>密钥环已锁定。请解锁后重试，或者让 Sessiondesk 把密钥保存在内存中直到您退出：它绝不会写入磁盘，下次启动 Sessiondesk 时需要重新输入。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No keyring is available on this computer to keep the secret. Sessiondesk can keep it in memory until you quit instead: it is never written to disk, and you will have to enter it again the next time you start Sessiondesk.</source>
        <translation>此电脑上没有可用的密钥环来保存密钥。Sessiondesk 可以改为把它保存在内存中直到你退出：它从不写入磁盘，下次启动 Sessiondesk 时你需要重新输入。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Keep Until I Quit</source>
        <translation>保留到退出为止(&amp;K)</translation>
    </message>
</context>
<context>
    <name>TokenChart</name>
    <message>
        <location filename="../desktop/ui/conversations/token_chart.py" line="+77"/>
        <source>{tokens} context tokens</source>
        <translation>{tokens} 个上下文令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollover is off</source>
        <translation>会话接续已关闭</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{percent}% of the rollover threshold: the next turn starts a fresh session</source>
        <translation>已达接续阈值的 {percent}%：下一轮将开始新会话</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{percent}% of the rollover threshold</source>
        <translation>已达接续阈值的 {percent}%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tokens} of {threshold} context tokens</source>
        <translation>{tokens} / {threshold} 个上下文令牌</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Context tokens per turn</source>
        <translation>每轮的上下文令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context tokens</source>
        <translation>上下文令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollover threshold</source>
        <translation>接续阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollover</source>
        <translation>会话接续</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
</context>
<context>
    <name>TranscriptArea</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_area.py" line="+147"/>
        <source>The transcript of the selected session appears here.</source>
        <translation>所选会话的对话记录将显示在这里。</translation>
    </message>
</context>
<context>
    <name>TranscriptDelegate</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_delegate.py" line="+107"/>
        <location line="+10"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>Claude</source>
        <translation>Claude</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking</source>
        <translation>思考过程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summary of the earlier conversation</source>
        <translation>之前对话的摘要</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No result yet.</source>
        <translation>暂无结果。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Subagent · %Ln messages</source>
        <translation>
            <numerusform>子代理 · %Ln 条消息</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>… %Ln more characters (copy the row to get all of it)</source>
        <translation>
            <numerusform>… 还有 %Ln 个字符（复制该行可获得全部内容）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agent</source>
        <translation>代理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resumed</source>
        <translation>已恢复</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <location line="+17"/>
        <source>history replayed (%Ln turns, {size} KB)</source>
        <translation>
            <numerusform>已重放历史（%Ln 轮，{size} KB）</numerusform>
        </translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Sent with this turn</source>
        <translation>随本轮发送</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part of the transcript could not be read here.</source>
        <translation>此处有部分对话记录无法读取。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation compacted</source>
        <translation>对话已压缩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Earlier branches of this transcript</source>
        <translation>此对话记录的较早分支</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the guard line</source>
        <translation>防重复提示行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>text of {handles} ({size} KB)</source>
        <translation>{handles} 的文本（{size} KB）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a conversation to recap ({size} KB)</source>
        <translation>待总结的对话（{size} KB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context of the bundle “{name}” ({size} KB)</source>
        <translation>资料包“{name}”的上下文（{size} KB）</translation>
    </message>
</context>
<context>
    <name>TranscriptMenu</name>
    <message>
        <location filename="../desktop/ui/transcript/context_menu.py" line="+62"/>
        <source>&amp;Copy Text</source>
        <translation>复制文本(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Copy Selected Messages</source>
        <translation>复制所选消息(&amp;C)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy Tool &amp;Input</source>
        <translation>复制工具输入(&amp;I)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Copy Tool &amp;Output</source>
        <translation>复制工具输出(&amp;O)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Edit &amp;&amp; Re-run from Here</source>
        <translation>编辑并从此处重新运行(&amp;E)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Copy Message &amp;ID</source>
        <translation>复制消息 ID(&amp;I)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Reveal File</source>
        <translation>显示文件(&amp;R)</translation>
    </message>
</context>
<context>
    <name>TranscriptPanel</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_panel.py" line="+318"/>
        <source>The transcript file cannot be read: {reason}</source>
        <translation>无法读取对话记录文件：{reason}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>This session has no messages yet. Claude Code made its file, but nothing was said in it; a prompt sent below continues it.</source>
        <translation>此会话还没有消息。Claude Code 创建了它的文件，但其中还没有任何对话；在下方发送提示即可继续它。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln messages</source>
        <translation>
            <numerusform>%Ln 条消息</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>…and %Ln more</source>
        <translation>
            <numerusform>……还有 %Ln 条</numerusform>
        </translation>
    </message>
    <message>
        <location line="-19"/>
        <source>This file had unreadable lines when it was last indexed.</source>
        <translation>上次建立索引时，此文件有无法读取的行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file is gone from disk; this is what was indexed.</source>
        <translation>文件已从磁盘上消失；这里显示的是已索引的内容。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Part of this transcript could not be read. Everything readable is shown.</source>
        <translation>此对话记录有部分内容无法读取，所有可读的内容都已显示。</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <location filename="../desktop/ui/transcript/transcript_view.py" line="+222"/>
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The messages of the selected session; Ctrl+C copies the selected ones</source>
        <translation>所选会话的消息；按 Ctrl+C 复制选中的消息</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Show or hide what Sessiondesk sent to Claude with these words</source>
        <translation>显示或隐藏 Sessiondesk 随这些文字发送给 Claude 的内容</translation>
    </message>
</context>
<context>
    <name>TurnUsage</name>
    <message>
        <location filename="../desktop/ui/runs/turn_usage.py" line="+67"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} tokens in</source>
        <translation>输入 {count} 个令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} out</source>
        <translation>输出 {count} 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>usage unknown</source>
        <translation>用量未知</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>context {count} tokens</source>
        <translation>上下文 {count} 个令牌</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>resumed: {fresh} new tokens in, a replay would have sent {replay}</source>
        <translation>已恢复：输入 {fresh} 个新令牌，重放将发送 {replay} 个</translation>
    </message>
</context>
<context>
    <name>WallRoom</name>
    <message>
        <location filename="../desktop/ui/runs/wall_room.py" line="+71"/>
        <source>That turn&apos;s session is not in the list yet.</source>
        <translation>该轮次的会话尚未出现在列表中。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>R&amp;uns…</source>
        <translation>运行(&amp;U)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every running or waiting turn, across accounts</source>
        <translation>所有账户中正在运行或等待的轮次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show every run ({keys})</source>
        <translation>显示所有运行（{keys}）</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <location filename="../desktop/ui/shell/actions.py" line="+64"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where claude lives and the window&apos;s language</source>
        <translation>claude 的位置和窗口语言</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add Account…</source>
        <translation>添加账户(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Register a Claude config folder as an account</source>
        <translation>将一个 Claude 配置文件夹登记为账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove Account…</source>
        <translation>移除账户(&amp;R)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;Secret…</source>
        <translation>更改密钥(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give an API-key or token account a new secret</source>
        <translation>为使用 API 密钥或令牌的账户设置新密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit Account…</source>
        <translation>编辑账户(&amp;E)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change an account&apos;s config folder or how it signs in</source>
        <translation>更改账户的配置文件夹或登录方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;witch Conversation to Account…</source>
        <translation>将对话切换到其他账户(&amp;W)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go on with the conversation shown under another account</source>
        <translation>用另一个账户继续当前显示的对话</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Sessiondesk</source>
        <translation>关于 Sessiondesk(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Log Folder</source>
        <translation>打开日志文件夹(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The audit log of every resume, replay, carry and rollover, and crash reports</source>
        <translation>每次恢复、重放、带入和接续的审计日志，以及崩溃报告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Search Sessions…</source>
        <translation>搜索会话(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find words in every session of every account</source>
        <translation>在所有账户的所有会话中查找文字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reread Sessions</source>
        <translation>重新读取会话(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look for new and changed transcripts now</source>
        <translation>立即查找新的或已更改的对话记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start a conversation with the chosen account and working folder</source>
        <translation>使用所选账户和工作文件夹开始对话</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;top Run</source>
        <translation>停止运行(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop Claude&apos;s answer; what it wrote so far is kept</source>
        <translation>停止 Claude 的回答；已写出的内容会保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;System Language</source>
        <translation>系统语言(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speak the desktop&apos;s language</source>
        <translation>使用桌面的语言</translation>
    </message>
</context>
<context>
    <name>menu</name>
    <message>
        <location filename="../desktop/ui/shell/menus.py" line="+24"/>
        <source>Choose a session in the list first</source>
        <translation>请先在列表中选择一个会话</translation>
    </message>
</context>
<context>
    <name>records</name>
    <message>
        <location filename="../desktop/ui/common/records.py" line="+52"/>
        <location line="+29"/>
        <source>Today {time}</source>
        <translation>今天 {time}</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+28"/>
        <source>Yesterday {time}</source>
        <translation>昨天 {time}</translation>
    </message>
</context>
</TS>
