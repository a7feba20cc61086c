/** Japanese: です/ます調、全角の句読点と括弧、英数字と和文の間に半角スペース (glossary of fixed terms: docs/i18n.md) */
import type { Catalogue } from './messages.ts';

const ja: Catalogue = {
  site: {
    description:
      'OpenAI Codex の利用上限リセットの告知を予測・記録します。今後 24 時間・48 時間以内にリセットが告知される確率、記録済みのすべてのリセット、リセット権を JSON、MCP、Atom、iCalendar で提供しています。',
    skip: '本文へスキップ',
    feedTitle: '{site}：記録済みのリセット',
    calendarTitle: '{site} カレンダー',
    forecastJsonTitle: '予測（JSON）',
    footer: '{attribution}。OpenAI とは無関係の独立プロジェクトです。無料・キー不要・CORS 対応。',
    atomFeed: 'Atom フィード',
    calendar: 'カレンダー',
  },
  nav: {
    label: 'メイン',
    languages: '言語',
    forecast: '予測',
    timeline: 'タイムライン',
    banked: 'リセット権',
    methodology: '算出方法',
    developers: 'API・MCP',
    alerts: 'アラート',
  },
  time: {
    justNow: 'たった今',
    days: { other: '{count} 日' },
  },
  words: {
    yes: 'はい',
    no: 'いいえ',
    partial: '部分的',
    notGlobal: '一部アカウントのみ',
    globalUnknown: '対象範囲は不明',
    unknownValue: '不明',
    uncertain: '未確定',
    inDoubt: '未確定の項目：',
    certaintyIs: '確度：{certainty}',
    scopeNote: '対象範囲の注記：',
    sourceLabel: '出典：',
    noPost: '投稿の記録なし',
    whenAgo: '{when}（{ago}）',
    permalink: 'パーマリンク',
    postBy: '{who} の投稿',
    unnamedSource: '不明な情報源',
    promisedOn: '{when} に事前予告がありました：{link}。',
    thePromise: '予告の詳細',
    corrected: '訂正済み',
    reasonLabel: '理由：',
    retracted: '撤回',
    retractedOn: '{when} に撤回：{reason}。',
    originalPost: '元の投稿',
    scope: { all: 'すべてのプラン', paid: '有料プラン', unspecified: 'プラン記載なし' },
    kind: { reset: 'リセット', banked: 'リセット権', boost: 'ブースト', other: 'その他' },
    certainty: { high: '高', medium: '中', low: '低' },
    confidence: { low: '低', medium: '中', high: '高' },
    origin: {
      official_post: '{who} による公式投稿',
      official_other: '{who} による公式発表',
      observed: 'ユーザーからの報告（{who} 経由）',
      community: '{who} による投稿（公式アカウントではない）',
    },
    signalSource: {
      status: 'OpenAI ステータスページ',
      issues: 'Codex の Issue トラッカー（GitHub）',
      x: 'X の投稿',
      staff: 'OpenAI スタッフのコメント（GitHub）',
    },
    check: {
      ok: '正常',
      skipped: 'スキップ',
      failed: '失敗',
      via: '{via} 経由',
    },
    health: {
      ok: '{when}に確認',
      skipped: '前回の実行では未確認（{when}）',
      needsKey: '未確認：API キーが必要ですが、設定されていません',
      failingSince: '{when}から接続できません',
      neverReached: 'まだ接続できていません：成功した確認はありません',
      failed: '前回の確認で接続できませんでした（{when}）',
      freshNone:
        '予測はリセットの記録だけに基づいています（ステータスや Issue のシグナルはまだ取得できていません）。イベント確認：{events}、ページ生成：{built}。',
      noneYet:
        'ステータスページと Issue トラッカーはまだ一度も取得できていないため、予測はこれらのシグナルを含めず、リセットの記録だけに基づいています。',
    },
    promise: {
      open: '有効',
      fulfilled: '実施済み',
      lapsed: '不履行：期間内にリセットなし',
      window: '見込み期間：{start}〜{end}',
      fulfilledBy: 'この予告どおりのリセット',
    },
    correction: {
      retracted: '撤回：記録どおりには起きなかったため',
      rerecorded: '撤回後に再記録',
      relink: {
        linked: 'この約束は記録済みのリセットで果たされたと数えるようになりました',
        unlinked: 'この約束は果たされたとは数えなくなりました',
        moved: 'この約束は別の記録済みリセットで果たされたと数えるようになりました',
      },
      linkMoved: 'リンク移動：この項目の Resetcast 上のアドレスが変わりました',
      changed: '{field}：{before} → {after}',
      field: {
        time: '日時',
        scope: '対象範囲',
        kind: '種類',
        partial: '部分的',
        global: '全員に適用',
        summary: '概要',
        certainty: '確度',
        expiry: 'リセット権の有効期限',
        url: '投稿へのリンク',
        origin: '情報の出所',
        source: '投稿者',
        scopeNote: '対象範囲の注記',
      },
    },
    inEnglish: '（英語）',
    rerecorded: {
      badge: '再記録',
      line: '{link}の後、{when}に再記録されました。',
      retraction: '撤回',
    },
    doubt: {
      time: '正確な時刻は不明',
      post: '出典の投稿は不確か',
      account: '投稿アカウントは不確か',
      scope: '対象プランは明記なし',
      partial: '一部のみかは明記なし',
      global: '全員が対象かは明記なし',
      kind: '種類は不確か',
      completion: '完了したかは明記なし',
      endDate: '終了日は不明',
      grantedAt: '正確な付与時刻は不明',
      summary: '要約は投稿の本文そのまま',
      expiresAt: '正確な有効期限は不明',
      other: 'ほかにも不確かな点あり',
    },
    unvouched: {
      title: '保証できません：最近のリセットが漏れている可能性があります。',
      stale:
        'リセットの記録を情報源と最後に照合したのは{ago}（{when}）です。それ以降に記録された事実も表示していますが、情報源は再確認していないため、その後に告知されたリセットが漏れている可能性があります。',
      staleUnknown: 'リセット記録に有効な最終確認時刻がありません。最近告知されたリセットはまだこのページにない可能性があります。',
      tooFew: '記録されたリセットが {min} 件未満のため、平均間隔を計算できず、予測は保証できません。',
    },
    confidenceReason: {
      record: { other: '記録済みのリセット {count} 件' },
      recordSince: { other: '{since}以降の記録済みのリセット {count} 件' },
      tooFew: '記録済みのリセットが {min} 件未満のため、平均間隔を計算できず、予測は出せません。',
      noRhythm: '周期モデルには {min} 件のリセットが必要なため、代わりに無記憶レートを使用しています。',
      stale:
        'イベント記録の最終確認は {age}前です（上限 {limit}）。それ以降のリセットが漏れている可能性があるため、数値は表示していますが、その正確さは保証できません。',
      staleUnknown:
        'イベント記録に有効な最終確認日時がありません（記録がないか、未来の日時です）。リセットが漏れている可能性があるため、数値は表示していますが、その正確さは保証できません。',
      statusMissing: 'ステータスシグナルを利用できません（最近の確認に成功していません）。予測には反映していません。',
      issuesMissing: '問題報告シグナルを利用できません（最近の確認に成功していません）。予測には反映していません。',
      smallSample: 'リセットが {min} 件未満のため、サンプルが少なめです。',
    },
  },
  home: {
    title: 'Codex 利用上限リセット予測',
    h1: '{product} の利用上限はもうすぐリセットされますか？',
    odds: {
      heading: 'リセットが告知される確率',
      within: '{span}以内にリセットが告知される確率',
      hours24: '24 時間',
      hours48: '48 時間',
    },
    answer: {
      confidence: '信頼度：{level}。',
      vouched: '保証あり：リセット記録は {ago}に確認済みです。',
      notVouched: '保証できません（下記参照）。',
      grants: { other: '有効なリセット権が {count} 件あります：{link}。' },
      grantsLink: '有効期限と使い方は下記',
      alerts: 'リセットが告知されたらアラートを受け取る',
      trackHeading: 'この確率はどこまで信頼できるか',
    },
    context: {
      above: 'これは長期平均の 24 時間あたり {usual}（平均して {gap}に 1 回リセット）を上回っています。',
      below: 'これは長期平均の 24 時間あたり {usual}（平均して {gap}に 1 回リセット）を下回っています。',
      about: 'これは長期平均の 24 時間あたり {usual}（平均して {gap}に 1 回リセット）とほぼ同じです。',
      promise: '有効なリセットの公式予告があるため、確率が上がっています。見込み期間は下記をご覧ください。',
    },
    track: {
      replay:
        'これまでの成績：記録済みの履歴で再現し、常に長期の平均確率を答えるだけの単純な予想と比べると、この確率のスキルは 24 時間で {skill24}、48 時間で {skill48} でした（スキルは誤差が単純な予想より小さくなった割合で、マイナスなら単純な予想のほうが正確だったという意味です）。',
      replayInterval:
        'これまでの成績：記録済みの履歴で再現し、常に長期の平均確率を答えるだけの単純な予想と比べると、この確率のスキルは 24 時間で {skill24}（90% 区間 {lower}〜{upper}）、48 時間で {skill48} でした（スキルは誤差が単純な予想より小さくなった割合で、マイナスなら単純な予想のほうが正確だったという意味です）。',
      liveNone: '実運用では、採点済みの予測ログはまだありません。',
      live: {
        other: '実運用では、記録した予測 {count} 件を採点済みで、単純な予想に対する 24 時間のスキルは {skill} です。',
      },
      liveProvisional: {
        other:
          '実運用では、記録した予測 {count} 件を採点済みで、単純な予想に対する 24 時間のスキルは {skill} です（件数が少ないため暫定値）。',
      },
      details: '詳細',
    },
    fresh: {
      today: '本日（UTC）のリセットが記録されています。',
      notToday: '本日（UTC）のリセットは記録されていません。',
      checked: 'シグナル確認：{signals}、イベント確認：{events}、ページ生成：{built}。',
    },
    outlook: {
      heading: '今後 7 日間',
      chartTitle: '今後 7 日間にリセットが告知される確率',
      chartDesc: '少なくとも 1 回リセットが告知される累積確率：{points}。',
      point: '{days}以内：{chance}',
      dayTick: '{n}日',
      markTitle: '{hours}：{chance}',
      caption:
        '今後 7 日間の見通し：現在から各時点までに少なくとも 1 回リセットが告知される確率です。同じ推定にもとづいており、マークした点は上の 24 時間・48 時間の数値です。JSON：{json}。',
    },
    last: {
      heading: '直近に記録されたリセット',
      when: '日時',
      what: '内容と対象',
      said: '発表内容',
      source: '出典',
      onTimeline: 'タイムラインで見る',
      none: 'まだリセットは記録されていません。',
    },
    banked: {
      heading: '使えるリセット権',
      none: '有効なリセット権はありません。',
      noneMore: '記録されたリセット権はすべて期限切れです。期限切れのものは{link}に掲載しています。',
      pageLink: 'リセット権のページ',
      intro: {
        other:
          '有効なリセット権が {count} 件あります。以下にそれぞれの正確な有効期限（UTC）、残り時間、使うべきか保持すべきかを示します。詳しくは{link}をご覧ください。',
      },
    },
    promises: {
      heading: 'リセットの予告',
      none: '有効なリセットの公式予告はありません。',
    },
    confidence: {
      why: '信頼度が「{level}」である理由：',
      model: '数値の計算方法と、この予測の入力の説明：{link}。',
    },
    about: {
      heading: 'この数値について',
      disclaimer:
        'Resetcast は OpenAI とは無関係の独立プロジェクトです。リセットはこれまで不定期に告知されてきました。パーセンテージは過去の告知にもとづく推定値であり、スケジュールではありません。',
      credit: 'データを利用する場合は「{attribution}」とクレジットを表記してください。',
    },
  },
  banked: {
    title: 'リセット権',
    description: 'まだ使える Codex 利用上限のリセット権とそれぞれの有効期限、すでに期限切れとなったリセット権の一覧です。',
    what: 'リセット権とは、後から使えるようにユーザーのアカウントに付与されるリセットのクレジットです。',
    rule: '未使用のリセット権は、付与から {days}で失効します（付与時に別の有効期限が記録されている場合を除きます）。',
    activeHeading: '現在有効なリセット権',
    noneTitle: '有効なリセット権はありません。',
    noneBody: '記録されたリセット権はすべて期限切れです（最後の期限は {when}）。',
    noneRecorded: '記録されたリセット権はまだありません。',
    spendOrHold:
      '使うか保持するか：各リセット権について、有効期限までに通常のリセットが告知される確率を、{forecast}と同じ推定（{methodology}）から計算しています。過去の告知にもとづく推定であり、保証ではありません。',
    forecastLink: '予測',
    notVouchedTitle: '現在、これらの推定値は保証できません。',
    notVouchedBody: '予測は利用できません（{link}を参照）。記録からリセットが漏れている可能性があります。',
    confidenceLink: '信頼度',
    pastHeading: '期限切れのリセット権（{count}）',
    json: 'JSON：{json}。有効期限のリマインダーは{calendar}で受け取れます。',
    calendarLink: 'カレンダーフィード',
    granted: '付与日時',
    expired: '失効日時',
    expires: '有効期限',
    timeLeft: '残り時間',
    reminders: 'リマインダー',
    reminderAt: '{span}前：{when}',
    certainty: '確度',
    estimate: '推定：',
    chance: '有効期限までに通常のリセットが告知される確率は {chance} です。',
    hold: '期限までにリセットされる可能性が高いため、保持しておきましょう。',
    use: '期限までにリセットされる可能性は低いため、{expiry} までに使いましょう。',
    over: '{percent}超',
    under: '{percent}未満',
  },
  timeline: {
    recordedLanguage: '概要と注記は記録時のまま英語で引用しています。',
    title: '記録済みリセットのタイムライン',
    description:
      'Codex 利用上限リセットの告知をすべて記録しています。年ごとのページに新しい順で、出典の投稿と各事実の確度を掲載しています。',
    counts: {
      other:
        '{from}〜{to}に {count} 件のイベントを記録しており、そのうち {resets} 件がリセット（種類が「リセット」または「リセット権」）です。',
    },
    uncertainNote: {
      other: '{count} 件のエントリには確証のない事実が含まれるため、{badge} のマークと未確定の項目を表示しています。',
    },
    perYear: 'すべてのイベント、予告、訂正は各年のページに掲載しています：',
    yearsLabel: '年',
    eventCount: { other: '{count} 件' },
    latest: { other: '最新のイベント {count} 件' },
    json: 'JSON：{timeline}（全イベント）、{notes}（確度の注記）、{promises}、{corrections}。',
    jsonNoCorrections: 'JSON：{timeline}（全イベント）、{notes}（確度の注記）、{promises}、{corrections}（訂正はまだありません）。',
    charts: {
      heading: 'グラフで見る',
      perMonthTitle: '月別の記録済みリセット数',
      perMonthDesc: {
        other: '{first}〜{last} のリセットは {count} 件。',
      },
      busiest: '最も多かったのは {month} の {count} 件です。',
      seeList: '各イベントの詳細は下の一覧をご覧ください。',
      resetsTip: { other: '{label}：リセット {count} 件' },
      perMonthCaption: '月ごとに記録されたリセットとリセット権の数（UTC）。',
      gapsTitle: '記録済みリセットの間隔',
      bucket: '{lo}〜{hi}日',
      bucketOpen: '{lo}日以上',
      gapsDesc: '連続するリセットの間に経過した日数：{items}。',
      gapsTip: { other: '{label}：{count} 回' },
      gapsCaption: 'あるリセットから次のリセットまでの日数。',
    },
    year: {
      title: '{year}年のリセット',
      description: '{year}年に記録された Codex 利用上限のリセット、リセット権、予告、訂正を新しい順にすべて掲載しています。',
      heading: '{year}年に記録されたリセット',
      overview: 'タイムラインの概要',
      otherYears: 'ほかの年：',
      events: { other: '{year}年のイベント（新しい順、{count} 件）' },
      promises: { other: '{year}年のリセットの予告（{count} 件）' },
      promisesIntro:
        'リセットの実施を予告した公式投稿と、実施が見込まれた UTC の期間です。期間は投稿の文言（例：「by end of day」）から判断し、時刻の記載がない場合は投稿から 72 時間としています。',
      retracted: { other: '撤回されたイベント（{count} 件）' },
      retractedIntro:
        '一度記録した後、記録どおりには起きなかったため撤回したイベントです。どの集計にも含めていませんが、記録としてここに残しています。',
      json: 'JSON：{link}。',
    },
  },
  dev: {
    title: 'API、MCP、ステータスライン',
    description:
      'Resetcast のデータに無料・キー不要・読み取り専用でアクセスできます。curl の例つきの JSON エンドポイント、Claude Code・Cursor・VS Code・Codex CLI 向けの MCP サーバー、フィード、ステータスライン用スクリプトを提供しています。',
    apiDoc: 'このインターフェースのすべてのエンドポイント、フィールド、制限、エラーは、ソースの {doc} に記載しています。',
    intro:
      'すべて読み取り専用・無料で、キーは不要です。CORS に対応しており、レスポンスは 5 分間キャッシュされます。データを利用する際は「{attribution}」とクレジットを表記してください。パーセンテージは過去の告知にもとづく推定値であり、スケジュールではありません。データ、フィード、API は英語で提供しています。',
    terminal: 'ターミナル',
    toc: 'このページの内容',
    json: {
      heading: 'JSON エンドポイントとフィード',
      schemasHeading: 'JSON Schema',
      schemas: '各ペイロードには JSON Schema があります：',
    },
    alerts: {
      heading: 'アラートを受け取る',
      link: 'ntfy 通知、Telegram、Atom・JSON フィード、カレンダー、自分の Discord や Slack でのアラートは専用のページにまとめています：{link}。',
      linkText: 'アラートを受け取る',
    },

    mcp: {
      heading: 'MCP サーバー',
      intro:
        'ステートレスで読み取り専用の MCP サーバー（Streamable HTTP）を {url} で公開しています。ツールは {forecast}、{list}（{limit} は省略可能で既定値 20、{since} は ISO 形式の日付）、{signals} の 3 つです。',
      list: 'ツールの一覧を取得（JSON-RPC tools/list）',
      call: 'ツールを呼び出す',
      cursorFile: '.cursor/mcp.json（すべてのプロジェクトで使う場合は ~/.cursor/mcp.json）',
      orTerminal: 'またはターミナルから',
      discoveryHeading: 'ディスカバリー',
      discovery:
        'レジストリや、サーバーを検索するクライアント向けに、サーバー自身の情報を公開しています：{card}（サーバーカード）、{catalog}（MCP カタログ）、{aiCatalog}（AI Catalog）、{registry}（MCP Registry のエントリ）。',
      llms: '言語モデルやエージェント向けに、{link} で Resetcast の概要、エンドポイント、MCP サーバーを 1 つのプレーンテキストファイルにまとめています。',
    },
    sl: {
      heading: 'ステータスライン',
      intro:
        'POSIX の {sh} と {curl} で動く小さなスクリプト {script} が {output} を出力します。予測を 10 分間キャッシュし、待ち時間は最大 2 秒で、リクエストが失敗したときは何も出力しないため、プロンプトの表示を妨げることはありません。',
      limits:
        'この端末に Codex のセッションがあれば、自分の利用上限を確率の横に表示します（{limits}）。Codex が書いた最新のセッションファイルから読み、どこにも送りません。',
      install: 'インストール',
    },
  },
  alerts: {
    title: 'アラートを受け取る',
    description:
      'Codex の利用上限リセットが発表されたらすぐに知る：スマートフォンやデスクトップへの ntfy 通知、Atom・JSON フィード、カレンダー、自分の Discord や Slack でのアラート。',
    intro:
      'リセットが実施されたとき、リセットが予告されたとき（とその結果）、リセット権の失効 1 日前・5 時間前・1 時間前、公開済みの事実が訂正されたとき、予測がしきい値を超えたときに通知を受け取れます。以下のどのチャネルにも同じアラートが届きます。各アラートには変わることのない ID があるため、リーダーやアプリは新しいアラートと既読のアラートを区別できます。',
    ntfyHeading: 'ntfy（スマートフォン・デスクトップ通知）',
    ntfy: 'Resetcast はすべてのアラートを {host} の公開トピック {topic} に投稿します。新しいリセットは元の投稿から 1〜2 分以内に届きます。誰でも購読でき、投稿するのは Resetcast だけです。',
    ntfyApp:
      'スマートフォンでは ntfy アプリ（{install}）をインストールしてこのトピックを購読し、ブラウザでは{web}て通知を許可してください。ターミナルからも購読できます：',
    installLink: 'Android・iOS',
    webLink: 'トピックを開い',
    ntfyCli: 'ntfy CLI',
    ntfyCurl: 'または curl で購読（1 行に 1 件の JSON メッセージ）',
    telegramHeading: 'Telegram',
    telegramNone:
      'Resetcast にはまだ公開の Telegram チャンネルがありません。それまでは ntfy かフィードリーダーでアラートを受け取ってください。',
    telegram: 'Resetcast はすべてのアラートを Telegram チャンネル {channel} に投稿します。Telegram で開いて参加してください。',
    readersHeading: 'フィードリーダー',
    readers: 'すべてのアラート（新しい順）：{feed}（JSON 版：{json}）。',
    feedUrl: 'フィード URL',
    thresholds: {
      other:
        '関心のあるしきい値のアラートと、記録されたすべてのリセットだけを受け取ることもできます。各フィードは確率がしきい値を上向きに超えたときに通知し、次に通知するのは確率がしきい値を十分に下回った後です。そのため、値がしきい値付近を行き来しても通知が繰り返されることはありません。記録が {count} 時間を超えて途絶えた後の予測では通知しません。',
    },
    thresholdFeed: '{feed}：{horizon} 時間以内の確率が {threshold} に達したとき（{rearm} を下回った後に再通知）',
    records: 'ほかのアラートを含まず、記録されたリセットだけ：{atom}（Atom）と {json}（JSON Feed）。',
    calendarHeading: 'カレンダーアプリ',
    calendar:
      '過去のリセットと、各リセット権の失効 24 時間前・5 時間前・1 時間前のリマインダーを配信します。{link}か、次のアドレスを貼り付けてください：',
    subscribe: 'カレンダーアプリで購読',
    subscription: '購読用アドレス',
    https: '同じアドレスの https 版（https が必要なアプリ向け。Google カレンダーでは「URL で追加」）',
    chatHeading: '自分の Discord や Slack',
    chat: 'Resetcast が誰かのサーバーやワークスペースに投稿することはありません。コミュニティは次のいずれかの方法で、自分のチャンネルにアラートを流せます：',
    chatFeed:
      'フィードボット：アラートフィード（またはしきい値フィードのひとつ）を、新しいエントリをチャンネルに投稿するボットやアプリに追加します。',
    chatRelay: '中継：ntfy トピック（{stream}）を購読し、各メッセージをチャンネルに投稿する小さなボットを自分で動かします。',
    chatOwn:
      'Netlify 上の自分の Resetcast のコピー：その監視ジョブが各アラートを一度だけ、チャンネルの Incoming Webhook に投稿します。サイトの環境変数に Webhook を {discord} または {slack} として設定し、投稿の読み取りに使う {x} も設定してください。設定する項目はすべてソースの {doc} にあります。',
    chatOwnVars: 'コピーの Netlify 環境変数（スコープ：Functions）',
    chatByHand:
      'Netlify を使わない場合は、クローンで {command} を実行すると、その data/ のアラートを環境変数に設定した Webhook に一度ずつ送ります。',
  },
  method: {
    today: {
      heading: 'この予測を言葉で',
      gaps: 'リセットは平均して{gap}ごとにあり、前回は{since}前でした。',
      base: 'この平均間隔だけから、リセットがどの時点でも同じ確率で起きるとみなすと、24 時間以内にリセットがある確率は {chance} です。',
      rhythm: '最近のリセットを重視し、リセットのあった曜日も考慮すると、リズムモデルの確率は {chance} です。',
      noRhythm: '記録されたリセットが少なくリズムモデルを使えないため、平均間隔だけを使っています。',
      noSignal: '現在、未達成の公式予告も、ステータスページ上の障害も、利用上限に関する Issue の急増もないため、上乗せはありません。',
      signal:
        'シグナルが確率を押し上げています：未達成の公式予告、ステータスページ、Issue トラッカーを合わせて、それだけで {chance} に相当します。',
      result: '合わせて、24 時間以内が {p24}、48 時間以内が {p48} です。',
      json: '同じ入力の数値：{json}（計算式バージョン {version}）。',
      signalsHeading: 'シグナルの確認状況',
    },
    title: '算出方法',
    description: 'Resetcast の予測の計算方法、記録済みの履歴で再現した場合の成績、実運用での成績を説明します。',
    intro:
      '予測は、過去の告知のタイミングと、リセットを予告した公式投稿から推定したものであり、スケジュールではありません。計算式のバージョンは {version} です。数式はソースコードの {doc} にも記載しています。以下の数値はすべて {backtest} と {track} に含まれています。',
    range: '{lower}〜{upper}',
    withInterval: '{value}（{interval}）',
    points: '{n} pt',
    horizon: '予測期間',
    formula: {
      heading: '計算式',
      intro: 'すべての定数は事前に固定しています。記録から学習するのは、予測時点より前に公開された情報だけです。',
      resetsTerm: 'リセット',
      resets: '種類が「リセット」と「リセット権」のイベントをリセットとして数えます。時刻は投稿時刻（UTC）です。',
      gaps: '(最後のリセット − 最初のリセット) / (リセット数 − 1)、および 現在時刻 − 最後のリセット。',
      B: '1 − exp(−24 / avg_gap_hours)：24 時間以内にリセットが起きる無記憶（一定レート）の確率です。すべてのスキルの比較基準になります。',
      recencyTerm: '近時性レート',
      recency:
        '{halfLives} 日の各半減期 τ について、最初のリセットより後のリセットをそれぞれ {weight} で重み付けして合計し、記録期間の重み付き長さで割ったものです。使用するレートは、この {n} 個の平均です。',
      weekdayTerm: '曜日係数',
      weekday:
        'UTC の各曜日にリセットが起きた頻度を平均と比べたものです。曜日ごとに {prior} 件の疑似リセットを加えて 1 に向けて縮小するため、データの少ないパターンで数値が大きく動くことはありません。',
      C: '1 − exp(−レート × 曜日係数で重み付けした今後 24 時間)。リセットが {min} 件未満のときは null となり、代わりに B を使います。',
      cad24: 'C がある場合は C、ない場合は B。',
      official:
        '公式のリセット予告が有効な間は 1、それ以外は 0。有効とは、投稿済みで、見込み期間が終わっておらず、対応するリセットがまだ記録されておらず、見込み期間が予測期間内に始まることを指します。',
      weightTerm: '公式シグナルの重み',
      weight:
        '(実現した予告の数 + {kept}) / (結果が確定した予告の数 + {settled})。予測時点より前に結果が確定した予告だけを数え、投稿から予測期間内にリセットがあれば「実現」とします。1 になることはありません。現在の値：24 時間で {w24}（{s24} 件中 {k24} 件が実現）、48 時間で {w48}。',
      signals:
        'Codex コンポーネントの機能低下または未解決のインシデントと、利用上限に関する新規 Issue の急増です。確認が取れていない場合や {maxAge}より古い場合は 0 です。これらにはまだ記録された履歴がないため、重みは小さな固定値（{status} と {issues}）とし、バックテストからは除外しています。',
      S: '今後 24 時間について 1 − (1 − weight·official)(1 − {status}·status)(1 − {issues}·issues)。',
      p: '{formula}。ただし p48 が p24 を下回ることはありません。{outlook}は、同じ計算を 168 時間先まで 6 時間ごとに行ったものです。',
      outlookLink: '7 日間の見通し',
      available:
        'リセットが {min} 件未満の場合、またはイベント記録の最終確認から {days}を超えて経過している場合（リセットが漏れている可能性があります）は false。その場合も数値は公開します。',
      spendTerm: '使うか保持するか',
      spend:
        '有効な各リセット権について、失効までの期間で同じ推定を行います。{threshold} を超えれば保持し、そうでなければ失効前に使います。',
    },
    backtest: {
      heading: 'バックテスト',
      intro:
        '最初のリセットの {warmup}後から最後のリセットまで（{first}〜{last}）、{step}ごとに予測を発行します。各予測はその時点までに公開されたイベントと公式投稿だけを使い、24 時間以内・48 時間以内にリセットがあったかどうかで採点します。既知のリセットが 2 件未満の間は {noInfo} として採点します（ウォームアップ期間。キャリブレーションの指標からは除外）。区間は、ブロック長 {block}の循環移動ブロック・ブートストラップ（リサンプリング {replicates} 回）による 90% パーセンタイル区間です。',
      tableLabel: 'バックテストのスコア',
      caption: 'モデル別・予測期間別のスコア（Brier は低いほど良好。スキルは Brier の相対的な改善度）',
      model: 'モデル',
      issues: '発行数',
      skillMemoryless: '対無記憶スキル（90%）',
      skillClimatology: '対気候値スキル（90%）',
      slope: '傾き',
      worstBin: '最悪ビン',
      notes:
        '傾き：P(reset) = 1 − exp(−exp(a + b·cloglog(p))) の b を最尤法で推定したものです。1 ならキャリブレーションが取れており、1 未満なら予測のばらつきが大きすぎることを示します。最悪ビン：発行数が 50 以上ある 0.1 刻みの確率区間のうち、平均予測と実測頻度の差が最も大きいものです。気候値は一定の基本レートで、後からしか分からない値です。',
    },
    targets: {
      heading: '目標',
      tableLabel: '目標',
      caption: 'この記録における、計算式 {version} の公開予測の目標',
      target: '目標',
      wanted: '基準',
      value: '値',
      met: '達成',
      metric: {
        skill_vs_memoryless: '対無記憶スキル',
        calibration_slope: 'キャリブレーションの傾き（cloglog）',
        calibration_error_after_warmup: '信頼性の最悪ビン（発行数 50 以上）',
      },
      allMet: 'この記録では、すべての目標を達成しています。',
      notAllMet: 'この記録では、一部の目標が未達成です。',
      notes:
        '区間は広めです。1 年ほどのリセットの記録では、+10% の予測と +20% の予測を区別できません。記録がこれほど短いと、完璧な予測でも最悪ビンの差は最大で約 14 ポイント（24 時間）と 29 ポイント（48 時間）になるため、±5 ポイントではなくこれらを上限としています。',
    },
    reliability: {
      heading: '信頼性ダイアグラム',
      title: '公開予測の信頼性ダイアグラム（ウォームアップ期間を除く）',
      series: '{horizon}：{points}。',
      bin: {
        other: '予測 {forecast}、実測 {observed}（発行数 {count}）',
      },
      binSeparator: '／',
      xAxis: '予測確率（%）',
      yAxis: '実測頻度（%）',
      caption: '確率 0.1 刻みごとに、平均予測（横軸）と実際にリセットが起きた頻度（縦軸）を示します。点は発行数が多いほど大きくなります。',
      dashed: '{horizon}（破線）',
      diagonal: '。対角線は完全なキャリブレーションを表します。',
    },
    track: {
      heading: '運用実績',
      intro:
        '定期取得ジョブが発行した予測は、発行時のまま記録され、書き換えられることはありません。24 時間または 48 時間の期間が終わると、記録済みのリセットと照らし合わせて採点し、その時点で分かっていたイベントにもとづく無記憶予測と比較します。',
      provisional: '暫定：',
      established: '確定：',
      rule: '各予測期間でリセットが {resets} 件以上、採点済みの期間が {windows} 件以上になるまでは暫定扱いです。',
      tableLabel: '運用実績のスコア',
      caption: { other: 'これまでに採点した記録済みの予測（ログから読んだ予測 {count} 件）' },
      scored: '採点数',
      resets: 'リセット',
      memorylessBrier: '無記憶 Brier',
      skill: 'スキル（90%）',
      skipped: {
        other: '読み取れない予測の記録が {count} 行あり、スコアから外しています（{kinds}）：',
      },
      kind: {
        not_json: 'JSON でないもの {count} 行',
        invalid: '不正なフィールドを含むもの {count} 行',
        p48_below_p24: 'p48 が p24 を下回るもの {count} 行',
        duplicate: '時刻が重複するもの {count} 行',
        out_of_order: '順序が乱れているもの {count} 行',
      },
      noneSkipped: '記録した予測はすべて読み取れました。',
    },
  },
  notFound: {
    title: 'ページが見つかりません',
    description: 'このページは Resetcast に存在しません。',
    body: 'このアドレスには何もありません。{forecast}、{timeline}、{developers}をご覧ください。',
    forecast: '予測',
    timeline: 'リセットのタイムライン',
    developers: 'API・MCP のドキュメント',
  },
  endpoints: {
    getForecast:
      '今後 24 時間・48 時間以内のリセット確率（整数のパーセント）、信頼度ラベルとその理由、入力値、各入力の最終確認日時。過去の告知にもとづく推定であり、スケジュールではありません。',
    getOutlook:
      '7 日間の見通し：6、12 … 168 時間以内にリセットが告知される確率です。同じ推定にもとづいており、24 時間・48 時間の値は 24 時間・48 時間の数値と一致します。',
    getHourlyOutlook:
      '同じ曲線を 1 時間ごとに、各点の終わる時刻つきで：今後 7 日間の任意の時刻までにリセットが告知される確率です。メニューバー、トレイ、ウィジェットのアプリ向け。',
    getBadge:
      '24 時間以内のリセット確率を README 用の shields.io エンドポイントバッジにしたもの：「37%」。予測が保証できないときは灰色の「37% (not vouched for)」。',
    getTimeline: '記録済みのすべてのイベント（新しい順）。',
    getSignals: 'OpenAI ステータスページと Codex の Issue トラッカーの、直近の定期確認の結果。',
    getBanked:
      '現在有効なリセット権：それぞれの付与日時と有効期限、残り時間、失効までに通常のリセットが告知される確率、使うか保持するかの簡潔なアドバイス。',
    getPromises: 'リセットの公式予告のすべて（新しい順）。実施が見込まれた UTC の期間と、実施済み・有効・不履行のいずれかを含みます。',
    getCorrections: '公開後に変更された事実のすべて（日時、対象範囲、撤回など。新しい順）。変更前後の値と理由を含みます。',
    getAlerts:
      'すべてのアラート（新しい順）。各アラートには変わることのない ID があります。対象は、リセットとリセット権の記録、24 時間・5 時間・1 時間以内に失効するリセット権（それぞれ 1 件）、予告とその結果、訂正、予測が 25%・50%・75% を超えたときです。',
    getEventNotes: '記録済みの各事実がどれだけ確かか：確度、未確定の項目、対象範囲に関する注記。',
    getBacktest: '記録済みの履歴で予測を再現した場合のスコア：90% 区間、キャリブレーション、計算式の目標。',
    getTrackRecord:
      '記録した予測の実運用での成績：24 時間または 48 時間の期間が終わったすべての予測を、記録済みのリセットと照らし合わせて採点したもの。',
    getOpenApi: 'すべてのエンドポイントの OpenAPI 3.1 定義。',
    getAtomFeed: '記録済みのリセットの Atom フィード（新しい順）。',
    getJsonFeed: 'Atom フィードと同じエントリーを JSON Feed 1.1 で。',
    getAlertsFeed: 'すべてのアラートの Atom フィード（最新 100 件）。',
    getCalendar: '過去のリセットと、各リセット権の失効前のリマインダー（カレンダーアプリ向け、iCalendar 形式）。',
  },
};
export default ja;
