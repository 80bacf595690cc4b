require_relative "text_util"

def tidy(s)
  TextUtil.clean(s)
end
