disk-more-diagnostics = В этом файле есть ещё { $n ->
    [one] { $n } сообщение
    [few] { $n } сообщения
   *[many] { $n } сообщений
}; откройте его, чтобы увидеть все
disk-judge-failed = boardls не смог проверить этот файл из-за внутренней ошибки; пожалуйста, сообщите о ней
disk-unreadable = boardls не может прочитать этот файл: { $reason }
disk-too-large = файл слишком велик для проверки ({ $mebibytes } МиБ; предел — { $limit } МиБ)
