"""Runs peers' own Python history processing over recorded runs, to make the fixtures in fixtures/.

The upstream code is not part of this repository: this script loads it from a checkout given on the
command line and runs it unchanged, around stand-ins for the classes it works on (events, messages).

    python3 bench/peers/python-peers.py openhands OPENHANDS_DIR < input.json > output.json
    python3 bench/peers/python-peers.py swe-agent SWE_AGENT_DIR < input.json > output.json
    python3 bench/peers/python-peers.py swe-agent-cache-control SWE_AGENT_DIR < input.json > output.json

OPENHANDS_DIR holds openhands/memory/condenser/impl/observation_masking_condenser.py (class
ObservationMaskingCondenser) and openhands/memory/conversation_memory.py (class ConversationMemory);
SWE_AGENT_DIR holds sweagent/agent/history_processors.py (classes LastNObservations and
CacheControlHistoryProcessor, and the helpers they call). Input: {"runs": [{"id", "window", "system", "task", "steps": [{"responseId", "text",
"calls": [{"id", "name", "arguments"}], "results": [{"id", "text"}]}], "calls": [k, ...]}]}: the
prompt of call k follows the first k steps; `window` is OpenHands' attention window, SWE-agent's n, or
the cache_control processor's last_n_messages.
Output: per run and call, the messages the peer sends; for swe-agent-cache-control, the number of
messages, the indexes of those carrying a cache_control mark, and those whose role or text it changed.
"""

import __future__
import ast
import builtins
import json
import sys
from pathlib import Path


# Stand-ins for the classes the upstream code works on (openhands.events.*, openhands.core.message).
class Event:
    pass


class Action(Event):
    source = 'agent'


class Observation(Event):
    def __init__(self, content):
        self.content = content


class SystemMessageAction(Action):
    def __init__(self, content):
        self.content = content


class MessageAction(Action):
    def __init__(self, content, source='user'):
        self.content = content
        self.source = source
        self.image_urls = None


class CmdRunAction(Action):
    def __init__(self, tool_call_metadata):
        self.tool_call_metadata = tool_call_metadata


class CmdOutputObservation(Observation):
    def __init__(self, content, tool_call_metadata):
        super().__init__(content)
        self.tool_call_metadata = tool_call_metadata

    def to_agent_observation(self):
        return self.content


class AgentCondensationObservation(Observation):
    pass


class Obj:
    def __init__(self, **fields):
        self.__dict__.update(fields)


class TextContent:
    def __init__(self, text):
        self.text = text


class Message:
    def __init__(self, role, content, tool_calls=None, tool_call_id=None, name=None):
        self.role = role
        self.content = content
        self.tool_calls = tool_calls
        self.tool_call_id = tool_call_id
        self.name = name

    def model_copy(self, update):
        copy = Message(self.role, self.content, self.tool_calls, self.tool_call_id, self.name)
        copy.__dict__.update(update)
        return copy


class View:
    def __init__(self, events):
        self.events = events

    def __iter__(self):
        return iter(self.events)

    def __len__(self):
        return len(self.events)


class Condenser:
    def __init__(self):
        pass


class Logger:
    def __getattr__(self, _name):
        return lambda *args, **kwargs: None


def truncate_content(content, max_chars=None):
    if max_chars is None or len(content) <= max_chars:
        return content
    raise ValueError('truncation is not used by these runs')


def load(path, names, namespace, lazy_annotations=True):
    """Executes the top-level definitions `names` from the file at `path` in `namespace`."""
    tree = ast.parse(Path(path).read_text(), filename=str(path))
    nodes = [n for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef)) and n.name in names]
    missing = set(names) - {n.name for n in nodes}
    if missing:
        raise SystemExit(f'{path}: no definition of {", ".join(sorted(missing))}')
    # Names the code uses that no stand-in provides are classes nothing here is an instance of.
    for node in nodes:
        for used in ast.walk(node):
            if isinstance(used, ast.Name) and used.id not in namespace and not hasattr(builtins, used.id):
                namespace[used.id] = type(used.id, (), {})
    flags = __future__.annotations.compiler_flag if lazy_annotations else 0
    exec(compile(ast.Module(body=nodes, type_ignores=[]), str(path), 'exec', flags=flags), namespace)
    return [namespace[name] for name in names]


def openhands(source_dir, runs):
    namespace = {
        **{cls.__name__: cls for cls in (Event, Action, Observation, SystemMessageAction, MessageAction,
                                          CmdRunAction, CmdOutputObservation, AgentCondensationObservation,
                                          TextContent, Message, View, Condenser)},
        'logger': Logger(),
        'truncate_content': truncate_content,
    }
    root = Path(source_dir) / 'openhands' / 'memory'
    [Masking] = load(root / 'condenser/impl/observation_masking_condenser.py', ['ObservationMaskingCondenser'], namespace)
    [Memory] = load(root / 'conversation_memory.py', ['ConversationMemory'], namespace)
    memory = Memory(Obj(enable_som_visual_browsing=False, cli_mode=False), None)
    out = []
    for run in runs:
        condenser = Masking(attention_window=run['window'])
        task = MessageAction(run['task'])
        events = [SystemMessageAction(run['system']), task]
        prompts = {}
        for count, step in enumerate(run['steps'], start=1):
            calls = [Obj(id=c['id'], type='function', function=Obj(name=c['name'], arguments=c['arguments'])) for c in step['calls']]
            response = Obj(id=step['responseId'], choices=[Obj(message=Obj(role='assistant', content=step['text'], tool_calls=calls))])
            names = {c['id']: c['name'] for c in step['calls']}
            for call in step['calls']:
                events.append(CmdRunAction(Obj(tool_call_id=call['id'], function_name=call['name'], model_response=response)))
            for result in step['results']:
                events.append(CmdOutputObservation(result['text'], Obj(tool_call_id=result['id'], function_name=names[result['id']], model_response=response)))
            if count in run['calls']:
                view = condenser.condense(View(list(events)))
                messages = memory.process_events(list(view.events), task)
                prompts[count] = [
                    {
                        'role': m.role,
                        'text': ''.join(c.text for c in m.content if isinstance(c, TextContent)),
                        **({'toolCallIds': [c.id for c in m.tool_calls]} if m.tool_calls else {}),
                        **({'toolCallId': m.tool_call_id} if m.tool_call_id else {}),
                    }
                    for m in messages
                ]
        out.append({'id': run['id'], 'window': run['window'], 'calls': [{'call': k, 'messages': v} for k, v in prompts.items()]})
    return out


def swe_agent_history(run):
    """Yields (k, history) after each of the first k steps of `run`, from k = 0: one list, grown in place,
    of the history items as SWE-agent records them (the task is the first observation)."""
    history = [
        {'role': 'system', 'content': run['system'], 'message_type': 'system'},
        {'role': 'user', 'content': run['task'], 'message_type': 'observation'},
    ]
    yield 0, history
    for count, step in enumerate(run['steps'], start=1):
        history.append({'role': 'assistant', 'content': step['text'], 'message_type': 'action',
                        'tool_call_ids': [c['id'] for c in step['calls']]})
        for result in step['results']:
            history.append({'role': 'tool', 'content': result['text'], 'message_type': 'observation',
                            'tool_call_ids': [result['id']]})
        yield count, history


def swe_agent(source_dir, runs):
    from typing import Literal

    from pydantic import BaseModel, ConfigDict, Field, field_validator

    namespace = {'BaseModel': BaseModel, 'ConfigDict': ConfigDict, 'Field': Field,
                 'field_validator': field_validator, 'Literal': Literal, 'History': list, 'HistoryItem': dict,
                 '__name__': 'sweagent_history_processors'}
    path = Path(source_dir) / 'sweagent/agent/history_processors.py'
    [LastN] = load(path, ['_get_content_stats', 'LastNObservations'], namespace, lazy_annotations=False)[1:]
    out = []
    for run in runs:
        processor = LastN(n=run['window'])
        prompts = {}
        for count, history in swe_agent_history(run):
            if count in run['calls']:
                prompts[count] = [
                    {
                        'role': entry['role'],
                        'text': entry['content'],
                        **({'toolCallIds': entry['tool_call_ids']} if entry['role'] == 'assistant' else {}),
                        **({'toolCallId': entry['tool_call_ids'][0]} if entry['role'] == 'tool' else {}),
                    }
                    for entry in processor([dict(entry) for entry in history])
                ]
        out.append({'id': run['id'], 'window': run['window'], 'calls': [{'call': k, 'messages': v} for k, v in prompts.items()]})
    return out


def swe_agent_cache_control(source_dir, runs):
    from typing import Literal

    from pydantic import BaseModel, ConfigDict

    namespace = {'BaseModel': BaseModel, 'ConfigDict': ConfigDict, 'Literal': Literal, 'History': list,
                 'HistoryItem': dict, '__name__': 'sweagent_history_processors'}
    path = Path(source_dir) / 'sweagent/agent/history_processors.py'
    names = ['_get_content_text', '_clear_cache_control', '_set_cache_control', 'CacheControlHistoryProcessor']
    CacheControl = load(path, names, namespace, lazy_annotations=False)[-1]

    def text(entry):
        content = entry['content']
        return content if isinstance(content, str) else ''.join(item['text'] for item in content)

    def marked(entry):
        content = entry['content']
        return 'cache_control' in entry or (isinstance(content, list) and any('cache_control' in item for item in content))

    out = []
    for run in runs:
        processor = CacheControl(last_n_messages=run['window'])
        # One history for the whole run, as SWE-agent keeps it: the processor edits its entries in place
        # and clears the marks it set at the previous call. `sent` is each entry as recorded.
        sent = []
        calls = []
        for count, history in swe_agent_history(run):
            sent.extend((entry['role'], entry['content']) for entry in history[len(sent):])
            if count not in run['calls']:
                continue
            messages = processor(history)
            calls.append({
                'call': count,
                'messages': len(messages),
                'marked': [index for index, entry in enumerate(messages) if marked(entry)],
                'changed': [index for index, entry in enumerate(messages) if (entry['role'], text(entry)) != sent[index]],
            })
        out.append({'id': run['id'], 'window': run['window'], 'calls': calls})
    return out


if __name__ == '__main__':
    peer, source_dir = sys.argv[1], sys.argv[2]
    runs = json.load(sys.stdin)['runs']
    peers = {'openhands': openhands, 'swe-agent': swe_agent, 'swe-agent-cache-control': swe_agent_cache_control}
    if peer not in peers:
        raise SystemExit(f'unknown peer {peer!r}: expected one of {", ".join(peers)}')
    json.dump({'runs': peers[peer](source_dir, runs)}, sys.stdout)
