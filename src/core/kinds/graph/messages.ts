/** The graph kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'error.graph.bareColon': "':' has no vertex name before it",
    'error.graph.colonLater': "{text} ends with ':', which only a line's first name may (as in 'u: v w …')",
    'error.graph.control': '{text} contains a control character',
    'error.graph.empty': 'the graph has no vertices (the text is empty or only comments)',
    'error.graph.endsColon': "{text}: a vertex name cannot end with ':'",
    'error.graph.forms': "{text} is neither 'u v' nor 'u: v w …'",
    'error.graph.line': 'line {line}',
    'error.graph.noFiles': 'this platform reads no files; give the edge list as text',
    'error.graph.noMisere': 'play of games on graphs is not supported: normal play only',
    'error.graph.noTableWords': 'does not apply to a game on a graph: its table lists every vertex',
    'error.page.graphNeedsEdges': "put the graph's edge list in the rule-file box (a page reads no files)",
    'ground.vertices': 'every vertex of the graph',
    'rule.kind.graph': 'graph',
  },
  {
    'error.graph.bareColon': "':' 前面没有顶点名",
    'error.graph.colonLater': "{text} 以 ':' 结尾，只有一行的第一个名字可以这样（如 'u: v w …'）",
    'error.graph.control': '{text} 含有控制字符',
    'error.graph.empty': '图中没有顶点（文本是空的，或只有注释）',
    'error.graph.endsColon': "{text}：顶点名不能以 ':' 结尾",
    'error.graph.forms': "{text} 既不是 'u v' 也不是 'u: v w …'",
    'error.graph.line': '第 {line} 行',
    'error.graph.noFiles': '这里不能读取文件；请以文本给出边表',
    'error.graph.noMisere': '不支持图上游戏的反常规则：只有正常规则',
    'error.graph.noTableWords': '不适用于图上的游戏：它的表列出每个顶点',
    'error.page.graphNeedsEdges': '请把图的边表写在规则文件框中（页面不能读取文件）',
    'ground.vertices': '图的每个顶点',
    'rule.kind.graph': '有向图游戏',
  },
);
