<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ArchiveSection</name>
    <message numerus="yes">
        <location filename="../desktop/ui/settings/archive_section.py" line="+107"/>
        <source>%Ln transcripts, {stored} on disk ({original} uncompressed), in {folder}</source>
        <translation>
            <numerusform>%Ln transcript, {stored} on disk ({original} uncompressed), in {folder}</numerusform>
            <numerusform>%Ln transcripts, {stored} on disk ({original} uncompressed), in {folder}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BundleWork</name>
    <message numerus="yes">
        <location filename="../desktop/ui/library/bundle_work.py" line="+196"/>
        <source>Exported to {path}: %Ln transcripts.</source>
        <translation>
            <numerusform>Exported to {path}: %Ln transcript.</numerusform>
            <numerusform>Exported to {path}: %Ln transcripts.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln sessions without a transcript were left out.</source>
        <translation>
            <numerusform>%Ln session without a transcript was left out.</numerusform>
            <numerusform>%Ln sessions without a transcript were left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+57"/>
        <source>Added to the bundle “{name}”, now %Ln items.</source>
        <translation>
            <numerusform>Added to the bundle “{name}”, now %Ln item.</numerusform>
            <numerusform>Added to the bundle “{name}”, now %Ln items.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EditDiff</name>
    <message numerus="yes">
        <location filename="../desktop/ui/transcript/diff_html.py" line="+25"/>
        <source>cut to its first %Ln lines ({size} characters in all)</source>
        <translation>
            <numerusform>cut to its first %Ln line ({size} characters in all)</numerusform>
            <numerusform>cut to its first %Ln lines ({size} characters in all)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln edits could not be read</source>
        <translation>
            <numerusform>%Ln edit could not be read</numerusform>
            <numerusform>%Ln edits could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln more lines of the diff are not shown</source>
        <translation>
            <numerusform>%Ln more line of the diff is not shown</numerusform>
            <numerusform>%Ln more lines of the diff are not shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln more edits are not shown</source>
        <translation>
            <numerusform>%Ln more edit is not shown</numerusform>
            <numerusform>%Ln more edits are not shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InsightPage</name>
    <message numerus="yes">
        <location filename="../desktop/ui/library/insight_page.py" line="+244"/>
        <source>%Ln turns counted</source>
        <translation>
            <numerusform>%Ln turn counted</numerusform>
            <numerusform>%Ln turns counted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProblemText</name>
    <message numerus="yes">
        <location filename="../desktop/ui/transcript/problem_text.py" line="+71"/>
        <source>%n lines of this transcript could not be read. Everything readable is shown.</source>
        <translation>
            <numerusform>%n line of this transcript could not be read. Everything readable is shown.</numerusform>
            <numerusform>%n lines of this transcript could not be read. Everything readable is shown.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n lines of this transcript had invalid characters.</source>
        <translation>
            <numerusform>%n line of this transcript had invalid characters.</numerusform>
            <numerusform>%n lines of this transcript had invalid characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message numerus="yes">
        <location filename="../desktop/ui/runs/question_card.py" line="+295"/>
        <source>⚑ Claude asks you %n question(s)</source>
        <translation>
            <numerusform>⚑ Claude asks you %n question</numerusform>
            <numerusform>⚑ Claude asks you %n questions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Claude asked %n question(s)</source>
        <translation>
            <numerusform>Claude asked %n question</numerusform>
            <numerusform>Claude asked %n questions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunIndicator</name>
    <message numerus="yes">
        <location filename="../desktop/ui/runs/run_indicator.py" line="+171"/>
        <source>%Ln runs streaming</source>
        <translation>
            <numerusform>%Ln run streaming</numerusform>
            <numerusform>%Ln runs streaming</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln waiting for permission</source>
        <translation>
            <numerusform>%Ln waiting for permission</numerusform>
            <numerusform>%Ln waiting for permission</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunWall</name>
    <message numerus="yes">
        <location filename="../desktop/ui/runs/run_wall.py" line="+224"/>
        <source>%Ln turns running across accounts</source>
        <translation>
            <numerusform>%Ln turn running across accounts</numerusform>
            <numerusform>%Ln turns running across accounts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln waiting for an answer</source>
        <translation>
            <numerusform>%Ln waiting for an answer</numerusform>
            <numerusform>%Ln waiting for an answer</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionBrowser</name>
    <message numerus="yes">
        <location filename="../desktop/ui/sessions/session_browser.py" line="+305"/>
        <source>Indexed %Ln sessions.</source>
        <translation>
            <numerusform>Indexed %Ln session.</numerusform>
            <numerusform>Indexed %Ln sessions.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionListPane</name>
    <message numerus="yes">
        <location filename="../desktop/ui/sessions/session_list.py" line="+380"/>
        <source>%Ln sessions shown</source>
        <translation>
            <numerusform>%Ln session shown</numerusform>
            <numerusform>%Ln sessions shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TranscriptDelegate</name>
    <message numerus="yes">
        <location filename="../desktop/ui/transcript/transcript_delegate.py" line="+115"/>
        <source>Subagent · %Ln messages</source>
        <translation>
            <numerusform>Subagent · %Ln message</numerusform>
            <numerusform>Subagent · %Ln messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>… %Ln more characters (copy the row to get all of it)</source>
        <translation>
            <numerusform>… %Ln more character (copy the row to get all of it)</numerusform>
            <numerusform>… %Ln more characters (copy the row to get all of it)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <location line="+17"/>
        <source>history replayed (%Ln turns, {size} KB)</source>
        <translation>
            <numerusform>history replayed (%Ln turn, {size} KB)</numerusform>
            <numerusform>history replayed (%Ln turns, {size} KB)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TranscriptPanel</name>
    <message numerus="yes">
        <location filename="../desktop/ui/transcript/transcript_panel.py" line="+359"/>
        <source>%Ln messages</source>
        <translation>
            <numerusform>%Ln message</numerusform>
            <numerusform>%Ln messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>…and %Ln more</source>
        <translation>
            <numerusform>…and %Ln more</numerusform>
            <numerusform>…and %Ln more</numerusform>
        </translation>
    </message>
</context>
</TS>
